import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { SETTINGS, type Setting } from './settings.js';

export type Plan = 'developer' | 'trial_developer' | 'enterprise';
export const PLANS: readonly Plan[] = ['developer', 'trial_developer', 'enterprise'];

/** The service configuration, parsed once at start and passed to whatever needs it. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  blobStore: 'fs' | 's3';
  s3: {
    bucket: string | undefined;
    endpoint: string | undefined;
    region: string;
    prefix: string;
    forcePathStyle: boolean | undefined;
    /** Both or neither: unset, the AWS SDK's own credential chain applies. */
    credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  };
  apiUrl: string | undefined;
  siteUrl: string | undefined;
  jwtSecret: string | undefined;
  /** Lifetime of the signed embed tokens in embedUrl. */
  embedTtlMs: number;
  workers: number;
  queueSize: number;
  /** Analyses one account may have on this node's workers at once (running or waiting). */
  accountAnalyses: number;
  /** Heap limit of each analysis worker (MiB); undefined: V8's default. */
  analysisHeapMb: number | undefined;
  analysisTimeoutMs: number;
  /** Time a client has to send a whole request (headers and body). */
  requestTimeoutMs: number;
  limits: {
    maxBodyBytes: number;
    /** Request bodies of known length held in memory at once (the rest are spooled to disk). */
    memorySpoolBytes: number;
    maxChunkBytes: number;
    maxFileBytes: Record<Plan, number>;
    maxDecompressedBytes: number;
    chunkTtlMs: number;
  };
  rateLimits: { windowMs: number; ingest: number; chunks: number; reads: number; public: number };
  /** Reverse proxies whose X-Forwarded-For is trusted (Fastify's trustProxy). */
  trustProxy: string[] | undefined;
  allowedHosts: string[] | undefined;
  allowedOrigins: string[] | undefined;
  /** Where GET /metrics is served (port undefined: on the API port) and the token it asks for. */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  logLevel: string;
  /** auto, json or pretty (see the logFormat setting). */
  logFormat: 'auto' | 'json' | 'pretty';
  shutdownGraceMs: number;
  /** Live collection over WebSocket (src/collect). */
  collect: {
    enabled: boolean;
    maxCallBytes: number;
    maxAccountBytes: number;
    maxMessageBytes: number;
    messagesPerSecond: number;
    idleTimeoutMs: number;
    flushMs: number;
    withoutCredits: 'keep' | 'refuse';
    maxConnections: number;
  };
  /** The written summary of saved analyses (src/service/ai-summary.ts); url undefined: off. */
  ai: {
    url: string | undefined;
    model: string;
    key: string | undefined;
    timeoutMs: number;
    concurrency: number;
  };
  /** Webhooks per account (src/webhooks). */
  webhooks: {
    allowPrivate: boolean;
    timeoutMs: number;
    retryBaseMs: number;
    pollMs: number;
    regressionCheckMs: number;
  };
}

/**
 * The default of CALLSCOPE_ACCOUNT_ANALYSES: half the workers, at least one. With two workers, one account holds one and
 * the other stays free for everyone else; a single worker can only be shared by taking turns.
 */
export const defaultAccountAnalyses = (workers: number): number => Math.max(1, Math.floor(workers / 2));

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

type Raw = string | number | boolean | string[] | undefined;

function parseValue(s: Setting, text: string, where: string): { value?: Raw; problem?: string } {
  const bad = (why: string) => ({ problem: `${where}=${JSON.stringify(text)}: ${why}` });
  switch (s.type) {
    case 'integer':
    case 'bytes': {
      const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(text);
      const unit = m ? UNITS[m[2]!.toLowerCase()] : undefined;
      if (!m || unit === undefined || (s.type === 'integer' && m[2] !== ''))
        return bad(
          s.type === 'bytes' ? 'expected a size such as 8388608, 8MiB or 2GiB' : 'expected a whole number',
        );
      const n = Math.round(Number(m[1]) * unit);
      if (s.min !== undefined && n < s.min) return bad(`must be at least ${s.min}`);
      if (s.max !== undefined && n > s.max) return bad(`must be at most ${s.max}`);
      return { value: n };
    }
    case 'boolean':
      if (/^(1|true|yes|on)$/i.test(text)) return { value: true };
      if (/^(0|false|no|off)$/i.test(text)) return { value: false };
      return bad('expected true or false');
    case 'url':
      try {
        const u = new URL(text);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') return bad('expected an http(s) URL');
        return { value: text.replace(/\/+$/, '') };
      } catch {
        return bad('expected a URL such as https://callscope.example.com');
      }
    case 'list':
      return {
        value: text
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      };
    default:
      if (s.values && !s.values.includes(text)) return bad(`expected one of ${s.values.join(', ')}`);
      return { value: text };
  }
}

/**
 * Reads settings from flags (`--port 9000`, `--port=9000`), then the environment, then defaults.
 * Every problem is reported at once.
 */
export function parseConfig(env: NodeJS.ProcessEnv, argv: readonly string[] = []): Config {
  const problems: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const setting = SETTINGS.find((s) => 'flag' in s && s.flag === name);
    if (!setting) {
      problems.push(`unknown option ${name} (see callscope serve --help)`);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) problems.push(`${name} needs a value`);
    else flags.set(setting.key, value);
  }
  const raw: Record<string, Raw> = {};
  for (const s of SETTINGS as readonly Setting[]) {
    const fromFlag = flags.get(s.key);
    const fromEnv = env[s.env];
    const text = fromFlag ?? (fromEnv !== undefined && fromEnv !== '' ? fromEnv : s.default);
    if (text === undefined) continue;
    const where = fromFlag !== undefined ? s.flag! : fromEnv ? s.env : `${s.env} (default)`;
    const { value, problem } = parseValue(s, text, where);
    if (problem) problems.push(problem);
    else raw[s.key] = value;
  }
  const str = (k: string) => raw[k] as string | undefined;
  const num = (k: string) => raw[k] as number;
  if (str('databaseUrl') && !/^postgres(ql)?:\/\//.test(str('databaseUrl')!))
    problems.push('CALLSCOPE_DATABASE_URL: expected postgres://user@host:port/database');
  if (str('blobStore') === 's3' && !str('s3Bucket'))
    problems.push('CALLSCOPE_BLOB_STORE=s3 needs CALLSCOPE_S3_BUCKET');
  if (!str('s3AccessKeyId') !== !str('s3SecretAccessKey'))
    problems.push(
      'CALLSCOPE_S3_ACCESS_KEY_ID and CALLSCOPE_S3_SECRET_ACCESS_KEY go together: set both or neither',
    );
  if (str('jwtSecret') && str('jwtSecret')!.length < 32)
    problems.push('CALLSCOPE_JWT_SECRET: use at least 32 characters');
  if (str('metricsToken') && !/^\S{16,}$/.test(str('metricsToken')!))
    problems.push('CALLSCOPE_METRICS_TOKEN: use at least 16 characters, without spaces');
  if (str('metricsHost') && raw.metricsPort === undefined)
    problems.push(
      'CALLSCOPE_METRICS_HOST needs CALLSCOPE_METRICS_PORT (metrics are on the API port without it)',
    );
  if (problems.length > 0) throw new ConfigError(problems);
  const workers = (raw.workers as number | undefined) ?? Math.max(1, cpus().length);
  return {
    host: str('host')!,
    port: num('port'),
    dataDir: resolve(str('dataDir')!),
    databaseUrl: str('databaseUrl'),
    blobStore: str('blobStore') as 'fs' | 's3',
    s3: {
      bucket: str('s3Bucket'),
      endpoint: str('s3Endpoint'),
      region: str('s3Region')!,
      prefix: str('s3Prefix') ?? '',
      forcePathStyle: raw.s3ForcePathStyle as boolean | undefined,
      credentials:
        str('s3AccessKeyId') && str('s3SecretAccessKey')
          ? { accessKeyId: str('s3AccessKeyId')!, secretAccessKey: str('s3SecretAccessKey')! }
          : undefined,
    },
    apiUrl: str('apiUrl'),
    siteUrl: str('siteUrl'),
    jwtSecret: str('jwtSecret'),
    embedTtlMs: num('embedTtlMs'),
    workers,
    queueSize: num('queueSize'),
    accountAnalyses: (raw.accountAnalyses as number | undefined) ?? defaultAccountAnalyses(workers),
    analysisHeapMb: raw.analysisHeapMb as number | undefined,
    analysisTimeoutMs: num('analysisTimeoutMs'),
    requestTimeoutMs: num('requestTimeoutMs'),
    limits: {
      maxBodyBytes: num('maxBodyBytes'),
      memorySpoolBytes: num('memorySpoolBytes'),
      maxChunkBytes: num('maxChunkBytes'),
      maxFileBytes: {
        trial_developer: num('maxFileBytesTrial'),
        developer: num('maxFileBytesDeveloper'),
        enterprise: num('maxFileBytesEnterprise'),
      },
      maxDecompressedBytes: num('maxDecompressedBytes'),
      chunkTtlMs: num('chunkTtlMs'),
    },
    rateLimits: {
      windowMs: num('rateWindowMs'),
      ingest: num('rateIngest'),
      chunks: num('rateChunks'),
      reads: num('rateReads'),
      public: num('ratePublic'),
    },
    trustProxy: raw.trustProxy as string[] | undefined,
    allowedHosts: raw.allowedHosts as string[] | undefined,
    allowedOrigins: raw.allowedOrigins as string[] | undefined,
    metrics: {
      port: raw.metricsPort as number | undefined,
      host: str('metricsHost') ?? str('host')!,
      token: str('metricsToken'),
    },
    logLevel: str('logLevel')!,
    logFormat: str('logFormat') as Config['logFormat'],
    shutdownGraceMs: num('shutdownGraceMs'),
    collect: {
      enabled: raw.collect as boolean,
      maxCallBytes: num('collectMaxCallBytes'),
      maxAccountBytes: num('collectMaxAccountBytes'),
      maxMessageBytes: num('collectMaxMessageBytes'),
      messagesPerSecond: num('collectMessagesPerSecond'),
      idleTimeoutMs: num('collectIdleTimeoutMs'),
      flushMs: num('collectFlushMs'),
      withoutCredits: str('collectWithoutCredits') as 'keep' | 'refuse',
      maxConnections: num('collectMaxConnections'),
    },
    ai: {
      url: str('aiUrl'),
      model: str('aiModel')!,
      key: str('aiKey'),
      timeoutMs: num('aiTimeoutMs'),
      concurrency: num('aiConcurrency'),
    },
    webhooks: {
      allowPrivate: raw.webhookAllowPrivate as boolean,
      timeoutMs: num('webhookTimeoutMs'),
      retryBaseMs: num('webhookRetryBaseMs'),
      pollMs: num('webhookPollMs'),
      regressionCheckMs: num('webhookRegressionCheckMs'),
    },
  };
}

/** `callscope serve --help` text for the settings. */
export function settingsHelp(): string {
  return (SETTINGS as readonly Setting[])
    .map((s) => {
      const name = s.flag ? `${s.flag} / ${s.env}` : s.env;
      const def = s.default !== undefined && s.default !== '' ? ` (default ${s.default})` : '';
      // Read from the setting, as the parser and docs/operations.md do, so the three cannot differ.
      const values = s.values ? `\n      One of ${s.values.join(', ')}.` : '';
      return `  ${name}\n      ${s.description}${def}${values}`;
    })
    .join('\n');
}
