import type { Setting } from '../setting.js';

/** Where the service listens, what it is called, where it keeps its data. */
export const SERVICE_SETTINGS = [
  {
    key: 'host',
    env: 'CALLSCOPE_HOST',
    flag: '--host',
    type: 'string',
    default: '127.0.0.1',
    description: 'Address to listen on (0.0.0.0 for every interface).',
  },
  {
    key: 'port',
    env: 'CALLSCOPE_PORT',
    flag: '--port',
    type: 'integer',
    default: '8080',
    min: 0,
    max: 65535,
    description: 'TCP port (0 picks a free one).',
  },
  {
    key: 'dataDir',
    env: 'CALLSCOPE_DATA_DIR',
    flag: '--data',
    type: 'string',
    default: './data',
    description: 'Directory of the embedded database and the stored dumps.',
  },
  {
    key: 'databaseUrl',
    env: 'CALLSCOPE_DATABASE_URL',
    flag: '--database-url',
    type: 'string',
    description: 'postgres://… to use PostgreSQL; unset: SQLite in the data directory.',
  },
  {
    key: 'blobStore',
    env: 'CALLSCOPE_BLOB_STORE',
    type: 'string',
    default: 'fs',
    values: ['fs', 's3'],
    description: 'Where dumps are stored: files in the data directory, or S3.',
  },
  { key: 's3Bucket', env: 'CALLSCOPE_S3_BUCKET', type: 'string', description: 'S3 bucket (blob store s3).' },
  {
    key: 's3Endpoint',
    env: 'CALLSCOPE_S3_ENDPOINT',
    type: 'url',
    description: 'S3 endpoint URL for S3-compatible stores; unset: AWS.',
  },
  {
    key: 's3Region',
    env: 'CALLSCOPE_S3_REGION',
    type: 'string',
    default: 'us-east-1',
    description: 'S3 region.',
  },
  {
    key: 's3Prefix',
    env: 'CALLSCOPE_S3_PREFIX',
    type: 'string',
    default: '',
    description: 'Key prefix inside the bucket.',
  },
  {
    key: 's3ForcePathStyle',
    env: 'CALLSCOPE_S3_FORCE_PATH_STYLE',
    type: 'boolean',
    description:
      'Put the bucket in the URL path rather than the host name (most S3-compatible stores need it); unset: true when CALLSCOPE_S3_ENDPOINT is set.',
  },
  {
    key: 's3AccessKeyId',
    env: 'CALLSCOPE_S3_ACCESS_KEY_ID',
    type: 'string',
    description:
      'S3 access key id (with CALLSCOPE_S3_SECRET_ACCESS_KEY); unset: the standard AWS chain (AWS_ACCESS_KEY_ID, AWS_PROFILE, instance or task role).',
  },
  {
    key: 's3SecretAccessKey',
    env: 'CALLSCOPE_S3_SECRET_ACCESS_KEY',
    type: 'string',
    description: 'S3 secret access key (with CALLSCOPE_S3_ACCESS_KEY_ID).',
  },
  {
    key: 'apiUrl',
    env: 'CALLSCOPE_API_URL',
    type: 'url',
    description: "Public base URL of the API ({base_url}); unset: the server's own origin.",
  },
  {
    key: 'siteUrl',
    env: 'CALLSCOPE_SITE_URL',
    type: 'url',
    description:
      "Public URL of the site ({site_url}) used in callscopeUrl, share, embed and download links. Unset: the address and port each connection reached, never a request's Host unless CALLSCOPE_ALLOWED_HOSTS lists it (or, with that unset, a loopback name on a loopback bind); `serve` warns when it listens on another address.",
  },
  {
    key: 'jwtSecret',
    env: 'CALLSCOPE_JWT_SECRET',
    type: 'string',
    description:
      'Secret that signs application tokens (at least 32 characters); unset: one is generated and kept in the database.',
  },
] as const satisfies readonly Setting[];
