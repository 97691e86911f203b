import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import {
  isSimOperation,
  type SIM_OPERATIONS,
  type SimOperation,
  type SimOperationAnswer,
  simsApi,
} from '../../../contract/api/sims';
import { DEFAULT_LANGUAGE } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import {
  SIM_SESSION_TTL_SECONDS,
  SIM_USAGE_DAYS,
  type SimTopupOffer,
  TOPUP_REPEAT_WINDOW_MS,
} from '../../../contract/schemas/sim';
import { SIM_MSG } from '../../../contract/sim-messages';
import { DAY_MS } from '../../../contract/time';
import { type SimProviderClient, SimProviderError } from '../../integrations/sim/once-client';
import { HttpError, notFound } from '../../lib/http-error';
import { createSealedTokens } from '../../lib/sealed-token';
import { currentUser } from '../../plugins/auth';
import { signInRateLimit } from '../../plugins/rate-limit';
import { userSender } from '../email/mail-quota';
import { verifyPassword } from '../users/password';
import { topupRequestMail } from './sim-mails';
import { toSim } from './sim-mapper';
import { createSimSync } from './sim-sync';
import { createSimsRepository } from './sims.repository';

export interface SimsRoutesOptions {
  /** Seals the SIM session tokens. */
  authSecret: string;
  loginRateLimit: number;
  topupRecipients: string[];
  publicUrl: string;
  /** Minutes between scheduled refreshes (0: none), and the delay of the first one (null: none). */
  refreshMinutes: number;
  firstRefreshDelayMs: number | null;
  /** Tests move the clock of the SIM session tokens; the server uses the real one. */
  now?: () => number;
}
const sessionRefused = () => new HttpError(403, SIM_MSG.simSessionInvalid);

/**
 * A provider failure as the spec wants it: the provider's message passed on (docs/sims.md), with
 * its status where it means the same here (400, 404, 409, 422) and 502 otherwise (its 401 and
 * 403 are about the portal's credentials, not the user's).
 */
function providerFailure(reply: FastifyReply, error: SimProviderError) {
  const status = [400, 404, 409, 422].includes(error.status) ? error.status : 502;
  const message = error.status === 0 ? SIM_MSG.simProviderUnreachable : error.message;
  return reply.code(status).send({ message, provider: { status: error.status, body: error.body } });
}

/** SIM management (docs/sims.md): the SIM session, the portal's SIM rows, the provider's operations. */
export const simsRoutes: FastifyPluginAsync<SimsRoutesOptions> = async (app, options) => {
  const tokens = createSealedTokens(options.authSecret, options.now ?? (() => Date.now()));
  const repository = createSimsRepository(app.db);
  const provider: SimProviderClient = app.simProvider;
  const sync = createSimSync({
    db: app.db,
    databaseKind: app.databaseKind,
    provider,
    repository,
    outbox: app.outbox,
    publicUrl: options.publicUrl,
    log: app.log,
  });
  const topupConfigured = options.topupRecipients.length > 0;
  /** The top-up on offer, from the settings document as it is now (docs/settings.md). */
  const topupOffer = (): SimTopupOffer => {
    const { topUpDataMb, topUpPriceCents } = app.settings.current().sims;
    return { dataMb: topUpDataMb, priceCents: topUpPriceCents };
  };

  // On one process of all (server/plugins/jobs.ts); 0 minutes schedules nothing (docs/sims.md).
  if (options.refreshMinutes > 0) {
    app.jobs.every(
      'SIM refresh',
      options.refreshMinutes * 60_000,
      () => sync.refreshAll(),
      options.firstRefreshDelayMs === null ? {} : { firstDelayMs: options.firstRefreshDelayMs },
    );
  }

  /** The SIM session token must be open, unexpired, and the signed-in admin's own. */
  function checkSession(request: FastifyRequest, token: string) {
    const opened = tokens.open(token, 'sim-session');
    if (!opened.ok || opened.payload.subject !== currentUser(request).id) throw sessionRefused();
    return opened.payload;
  }

  const session = (token: string, exp: number) => ({
    access_token: token,
    expiresAt: new Date(exp * 1000).toISOString(),
  });

  app.serve(
    simsApi.authenticate,
    async (request) => {
      const user = currentUser(request);
      const { email, password } = request.body;
      // The admin confirms his own password; another account's email is as wrong as a wrong password.
      const matches = await verifyPassword(user.passwordHash, password);
      if (!matches || email.trim().toLowerCase() !== user.email) {
        throw new HttpError(400, MSG.invalidCredentials, { password: MSG.invalidCredentials });
      }
      const { token, payload } = tokens.seal(
        { purpose: 'sim-session', subject: user.id },
        SIM_SESSION_TTL_SECONDS,
      );
      return session(token, payload.exp);
    },
    { config: signInRateLimit(options.loginRateLimit) },
  );

  app.serve(simsApi.authenticateWithToken, async (request) => {
    const payload = checkSession(request, request.body.access_token);
    return session(request.body.access_token, payload.exp);
  });

  app.serve(simsApi.check, async (request) => {
    const payload = checkSession(request, request.query.access_token);
    return { valid: true as const, expiresAt: new Date(payload.exp * 1000).toISOString() };
  });

  app.serve(simsApi.list, async (request) => {
    const { access_token, page, pageSize, search, lowOnly } = request.body;
    checkSession(request, access_token);
    const { lowVolumePercent } = app.settings.current().sims;
    const { sims, count } = await repository.list({
      page,
      pageSize,
      search: search || undefined,
      lowOnly,
      lowVolumePercent,
    });
    return {
      sims: sims.map((sim) => toSim(sim, lowVolumePercent)),
      count,
      topupConfigured,
      topupOffer: topupOffer(),
    };
  });

  app.serve(simsApi.refresh, async (request) => {
    checkSession(request, request.body.access_token);
    void sync.refreshAll();
    return sync.state();
  });

  app.serve(simsApi.refreshState, async (request) => {
    checkSession(request, request.query.access_token);
    return sync.state();
  });

  async function requestTopup(
    request: FastifyRequest,
    reply: FastifyReply,
    iccid: string,
    confirm: boolean,
  ): Promise<FastifyReply | SimOperationAnswer<'requestTopup'>> {
    if (!topupConfigured) throw new HttpError(503, SIM_MSG.topupNotConfigured);
    const card = await repository.get(iccid);
    if (!card) throw notFound(SIM_MSG.simNotFound);
    const recent = await repository.lastTopup(iccid, new Date(Date.now() - TOPUP_REPEAT_WINDOW_MS));
    if (recent && !confirm) {
      return reply.code(409).send({
        message: SIM_MSG.topupRecentlyRequested,
        current: { requestedAt: recent.requestedAt.toISOString(), requestedBy: recent.requestedBy },
      });
    }
    const requester = currentUser(request);
    // `confirm` skips the question, not the mail limits (docs/api.md#rate-limits).
    const mail = await app.mailQuota.take(reply, {
      kind: 'topup',
      sender: userSender(requester),
      recipients: options.topupRecipients,
    });
    const offer = topupOffer();
    const content = topupRequestMail(requester.settings.language ?? DEFAULT_LANGUAGE, {
      card: sync.mailCard(card),
      offer,
      requester: { displayName: requester.displayName, email: requester.email },
      link: `${options.publicUrl}/apps/simcard/sim/${iccid}`,
    });
    const cause = `topup:${iccid}:${randomUUID()}`;
    await mail.sending(() =>
      app.outbox.send(
        options.topupRecipients.map((to) => ({
          channel: 'mail' as const,
          kind: 'topup' as const,
          cause,
          to,
          mail: content,
        })),
      ),
    );
    const recorded = await repository.recordTopup({
      iccid,
      requestedBy: requester.id,
      recipients: options.topupRecipients,
      dataLeftMb: sync.mailCard(card).dataLeftMb,
      offerDataMb: offer.dataMb,
      offerPriceCents: offer.priceCents,
    });
    return {
      iccid,
      message: MSG.emailSent,
      requestedAt: recorded.requestedAt.toISOString(),
      recipients: options.topupRecipients.length,
      offer,
    };
  }

  /** One provider call per operation name; the answer gets `iccid` (docs/spec-texts.md). */
  const operations: {
    [O in Exclude<SimOperation, 'requestTopup'>]: (
      iccid: string,
      payload: string | undefined,
    ) => Promise<v.InferInput<(typeof SIM_OPERATIONS)[O]['answer']>>;
  } = {
    details: async (iccid) => {
      const { sim, card } = await sync.refreshOne(iccid);
      return { ...sim, card, topupConfigured, topupOffer: topupOffer() };
    },
    status: (iccid) => provider.getStatus(iccid),
    connectivity: (iccid) => provider.getConnectivityInfo(iccid),
    usage: (iccid) => {
      const end = new Date();
      return provider.getUsage(iccid, new Date(end.getTime() - (SIM_USAGE_DAYS - 1) * DAY_MS), end);
    },
    dataQuota: (iccid) => provider.getDataQuota(iccid),
    smsQuota: (iccid) => provider.getSmsQuota(iccid),
    events: (iccid) => provider.getEvents(iccid),
    reset: async (iccid) => {
      await provider.resetConnectivity(iccid);
      return { message: SIM_MSG.connectivityResetRequested };
    },
    sms: async (iccid, payload) => {
      if (!payload) throw new HttpError(400, MSG.invalidRequest, { payload: MSG.messageRequired });
      await provider.sendSms(iccid, payload);
      return { message: SIM_MSG.smsSent };
    },
  };

  app.serve(simsApi.operation, async (request, reply) => {
    const { apiName } = request.params;
    const { access_token, iccid, payload, confirm } = request.body;
    checkSession(request, access_token);
    if (!isSimOperation(apiName)) throw notFound(SIM_MSG.unknownSimOperation);
    if (apiName === 'requestTopup') return requestTopup(request, reply, iccid, confirm === true);
    try {
      return { ...(await operations[apiName](iccid, payload)), iccid };
    } catch (error) {
      if (error instanceof SimProviderError) return providerFailure(reply, error);
      throw error;
    }
  });
};
