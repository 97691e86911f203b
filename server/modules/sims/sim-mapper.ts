import { type Sim, simLevel } from '../../../contract/schemas/sim';
import { dataLeftMb, dataTotalMb, type SimWithRelations } from './sims.repository';

const iso = (date: Date | null) => date?.toISOString() ?? null;
const rounded = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);

/** A SIM row with its lift and last top-up as the API shows it; low below `lowVolumePercent` (settings). */
export function toSim({ row, lift, lastTopup }: SimWithRelations, lowVolumePercent: number): Sim {
  const left = rounded(dataLeftMb(row));
  const total = rounded(dataTotalMb(row));
  return {
    iccid: row.iccid,
    iccidWithLuhn: row.iccidWithLuhn,
    imsi: row.imsi,
    msisdn: row.msisdn,
    imei: row.imei,
    imeiLock: row.imeiLock,
    status: row.status,
    activationDate: iso(row.activationDate),
    ipAddress: row.ipAddress,
    currentQuotaMb: row.currentQuotaMb,
    quotaStatus: row.quotaStatus,
    currentQuotaSms: row.currentQuotaSms,
    quotaStatusSms: row.quotaStatusSms,
    dataLeftMb: left,
    dataTotalMb: total,
    dataExpiryDate: iso(row.dataExpiryDate),
    smsLeft: row.smsVolume,
    smsTotal: row.smsTotal,
    level: simLevel(left, total, lowVolumePercent),
    label: row.label,
    lift,
    lastSyncedAt: iso(row.lastSyncedAt),
    lastTopup: lastTopup
      ? { requestedAt: lastTopup.requestedAt.toISOString(), requestedBy: lastTopup.requestedBy }
      : null,
  };
}
