import type { ClientInfo } from '../../model/client-info.js';
import type { UserAgentData } from '../../model/payload/user-agent-data.js';

interface Brand {
  brand: string;
  version: string;
}

/** Brand names in navigator.userAgentData, mapped to the names callscope reports. */
const BRANDS: Record<string, string> = {
  'Google Chrome': 'Chrome',
  'Microsoft Edge': 'Edge',
  Opera: 'Opera',
  'Opera GX': 'Opera',
  Brave: 'Brave',
  Vivaldi: 'Vivaldi',
  YaBrowser: 'Yandex',
  'Samsung Internet': 'Samsung Internet',
  Chromium: 'Chromium',
};

/** User-agent patterns, most specific first. */
const UA_BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/OPR\/([\d.]+)/, 'Opera'],
  [/SamsungBrowser\/([\d.]+)/, 'Samsung Internet'],
  [/Electron\/([\d.]+)/, 'Electron'],
  [/(?:Firefox|FxiOS)\/([\d.]+)/, 'Firefox'],
  [/CriOS\/([\d.]+)/, 'Chrome'],
  [/Chromium\/([\d.]+)/, 'Chromium'],
  [/(?:Headless)?Chrome\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari\//, 'Safari'],
  [/AppleWebKit\/([\d.]+)/, 'Safari'],
];

/**
 * How much of the user-agent string the patterns read. Browsers send a few hundred characters; a
 * dump can hold megabytes there, and patterns like `Version\/…\.*Safari\/` or `Android.+Mobile`
 * take time quadratic in the length when they fail (a 1 MB string held an analysis for minutes).
 */
const UA_PARSE_CHARS = 2048;

/**
 * Browser, OS and form factor of the client. navigator.userAgentData is preferred when recorded
 * (it names Brave, Edge and plain Chromium, which all say "Chrome" in the user-agent string).
 */
export function userAgentData(client: ClientInfo, fallbackBrowser?: string): UserAgentData {
  const ua = client.userAgent ?? null;
  const parsed = ua?.slice(0, UA_PARSE_CHARS) ?? null;
  const uaData = readUaData(client.userAgentData);
  let browser: string | null = null;
  let version: string | null = null;
  const brand = uaData?.brands
    .map((b) => ({ ...b, name: own(BRANDS, b.brand) }))
    .find((b) => b.name && b.name !== 'Chromium');
  const chromium = uaData?.brands.find((b) => b.brand === 'Chromium');
  const picked = brand ?? (chromium ? { ...chromium, name: 'Chromium' } : undefined);
  if (picked?.name) {
    browser = picked.name;
    version = uaData?.fullVersions.get(picked.brand) ?? picked.version;
  } else if (parsed) {
    for (const [re, name] of UA_BROWSERS) {
      const m = re.exec(parsed);
      if (m) {
        browser = name;
        version = m[1] ?? null;
        break;
      }
    }
  }
  if (!browser && fallbackBrowser) browser = fallbackBrowser;
  // The UA string's Chrome version is frozen to X.0.0.0 since M101: use UA data's full version when it has it.
  if (version && /^\d+\.0\.0\.0$/.test(version) && uaData) {
    const full = uaData.fullVersions.get('Chromium') ?? uaData.fullVersions.get('Google Chrome');
    if (full) version = full;
  }
  const os = osOf(parsed, uaData?.platform);
  const mobile = uaData?.mobile ?? (parsed ? /Mobile|iPhone|Android.+Mobile/.test(parsed) : null);
  const platform =
    os.name === 'iPad' || (parsed && /Android(?!.*Mobile)/.test(parsed))
      ? 'tablet'
      : mobile
        ? 'mobile'
        : ua || uaData
          ? 'desktop'
          : null;
  return {
    userAgent: ua,
    browser,
    version,
    majorVersion: version ? (version.split('.')[0] ?? null) : null,
    engine: engineOf(browser, os.name, parsed),
    os: os.name,
    osVersion: os.version,
    platform,
    mobile,
    hardware: {
      cpuCores: client.hardwareConcurrency ?? null,
      deviceMemoryGb: client.deviceMemory ?? null,
      cpuPerformance: client.cpuPerformance ?? null,
    },
    screen: client.screen
      ? {
          width: client.screen.width ?? null,
          height: client.screen.height ?? null,
          devicePixelRatio: client.screen.devicePixelRatio ?? null,
        }
      : null,
    window: client.window
      ? { width: client.window.width ?? null, height: client.window.height ?? null }
      : null,
  };
}

interface UaData {
  brands: Brand[];
  fullVersions: Map<string, string>;
  mobile: boolean | undefined;
  platform: string | undefined;
}

/** navigator.userAgentData as recorded: `{brands, fullVersionList, mobile, platform}` or a bare brand array. */
function readUaData(raw: unknown): UaData | undefined {
  const brandList = (v: unknown): Brand[] =>
    Array.isArray(v)
      ? v
          .filter((b): b is Record<string, unknown> => !!b && typeof b === 'object')
          .filter((b) => typeof b.brand === 'string' && typeof b.version === 'string')
          .map((b) => ({ brand: b.brand as string, version: b.version as string }))
      : [];
  if (Array.isArray(raw)) {
    const brands = brandList(raw);
    return brands.length
      ? {
          brands,
          fullVersions: new Map(brands.map((b) => [b.brand, b.version])),
          mobile: undefined,
          platform: undefined,
        }
      : undefined;
  }
  if (!raw || typeof raw !== 'object') return undefined;
  const o = raw as Record<string, unknown>;
  const brands = brandList(o.brands);
  const full = brandList(o.fullVersionList);
  if (brands.length === 0 && full.length === 0) return undefined;
  return {
    brands: brands.length ? brands : full,
    fullVersions: new Map(full.map((b) => [b.brand, b.version])),
    mobile: typeof o.mobile === 'boolean' ? o.mobile : undefined,
    platform: typeof o.platform === 'string' && o.platform !== '' ? o.platform : undefined,
  };
}

function osOf(
  ua: string | null,
  platform: string | undefined,
): { name: string | null; version: string | null } {
  if (ua) {
    let m = /iPhone OS ([\d_]+)/.exec(ua);
    if (m) return { name: 'iPhone', version: m[1]!.replace(/_/g, '.') };
    m = /iPad.*? OS ([\d_]+)/.exec(ua);
    if (m) return { name: 'iPad', version: m[1]!.replace(/_/g, '.') };
    m = /Android ([\d.]+)/.exec(ua);
    if (m) return { name: 'Android', version: m[1]! };
    m = /Windows NT ([\d.]+)/.exec(ua);
    if (m) return { name: 'Windows', version: WINDOWS[m[1]!] ?? m[1]! };
    m = /Mac OS X ([\d_.]+)/.exec(ua);
    if (m) return { name: 'macOS', version: m[1]!.replace(/_/g, '.') };
    if (/CrOS/.test(ua)) return { name: 'ChromeOS', version: null };
    if (/Linux|X11/.test(ua)) return { name: 'Linux', version: null };
  }
  if (platform) {
    const name = platform === 'Chrome OS' ? 'ChromeOS' : platform;
    return { name, version: null };
  }
  return { name: null, version: null };
}

const WINDOWS: Record<string, string> = {
  '10.0': '10',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
  '6.0': 'Vista',
};

function engineOf(browser: string | null, os: string | null, ua: string | null): string | null {
  if (!browser) return null;
  if (os === 'iPhone' || os === 'iPad') return 'WebKit';
  if (browser === 'Firefox') return 'Gecko';
  if (browser === 'Safari') return 'WebKit';
  if (ua && !/Chrome|Chromium|CriOS|Edg/.test(ua) && /AppleWebKit/.test(ua)) return 'WebKit';
  return 'Blink';
}

const BROWSER_TYPES: Record<string, string> = { webkit: 'Chrome', moz: 'Firefox', edge: 'Edge' };
const STATS_FORMATS: Record<string, string> = {
  chrome_standard: 'Chrome',
  chrome_legacy: 'Chrome',
  firefox: 'Firefox',
  safari: 'Safari',
  react_native: 'React Native',
};

/**
 * The browser family when a dump records no user agent (old rtcstats clients): the `browserType`
 * the client put in the connection configuration, jitsi's `statsFormat`, or legacy goog stats,
 * which only Chromium produced.
 */
export function browserHint(hints: {
  browserType?: unknown;
  statsFormat?: string;
  legacyStats: boolean;
}): string | undefined {
  if (typeof hints.browserType === 'string' && own(BROWSER_TYPES, hints.browserType))
    return own(BROWSER_TYPES, hints.browserType);
  if (hints.statsFormat && own(STATS_FORMATS, hints.statsFormat))
    return own(STATS_FORMATS, hints.statsFormat);
  return hints.legacyStats ? 'Chrome' : undefined;
}

/** `table[key]` for keys a dump chose: never Object.prototype's members ("__proto__", "constructor"). */
function own(table: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
