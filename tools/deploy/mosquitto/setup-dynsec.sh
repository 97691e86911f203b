#!/bin/sh
# Creates Mosquitto's dynamic-security file with the portal's account (docs/device-protocol.md#mqtt):
#   sh setup-dynsec.sh /var/lib/mosquitto/dynamic-security.json portal '<password>'
# then start the broker with mosquitto.conf and the portal with
#   MQTT_URL=mqtt://portal:<password>@broker:1883 MQTT_DYNSEC=1
# The account administers dynamic security (the `admin` role of `mosquitto_ctrl dynsec init`) and
# gets the role `lift-portal-bridge`: read the readings through the shared group `lift-portal`,
# read the status topics and the controllers' replies, publish acknowledgements, parameters and
# commands. The portal never changes its own roles (that would get it disconnected); it creates,
# changes and removes the lifts' accounts.
# A broker set up before the portal sent parameters and commands over MQTT: give the existing
# role the three new topics once, with the broker running (docs/device-protocol.md#mqtt):
#   mosquitto_ctrl -u portal dynsec addRoleACL lift-portal-bridge subscribePattern 'lifts/+/reply' allow
#   mosquitto_ctrl -u portal dynsec addRoleACL lift-portal-bridge publishClientSend 'lifts/+/params/set' allow
#   mosquitto_ctrl -u portal dynsec addRoleACL lift-portal-bridge publishClientSend 'lifts/+/command' allow
set -eu
file=$1
user=$2
password=$3
mosquitto_ctrl dynsec init "$file" "$user" "$password"
# Roles of a client are added in the file, before the broker runs; `mosquitto_ctrl` would need it running.
node -e '
const fs = require("node:fs");
const [file, user] = process.argv.slice(1);
const config = JSON.parse(fs.readFileSync(file, "utf8"));
config.roles.push({
  rolename: "lift-portal-bridge",
  acls: [
    { acltype: "subscribePattern", topic: "$share/lift-portal/lifts/+/+", allow: true },
    { acltype: "subscribePattern", topic: "lifts/+/status", allow: true },
    { acltype: "subscribePattern", topic: "lifts/+/reply", allow: true },
    { acltype: "publishClientSend", topic: "lifts/+/ack", allow: true },
    { acltype: "publishClientSend", topic: "lifts/+/params/set", allow: true },
    { acltype: "publishClientSend", topic: "lifts/+/command", allow: true },
  ],
});
config.clients.find((client) => client.username === user).roles.push({ rolename: "lift-portal-bridge" });
fs.writeFileSync(file, JSON.stringify(config, null, 2));
' "$file" "$user"
chmod 600 "$file"
echo "dynamic security ready in $file for the portal account $user"
