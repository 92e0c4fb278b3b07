// Checks of single values by parameter type, as MediaWiki's ParamValidator
// would judge them. Each returns true when the API would accept the value.

const INTEGER = /^[+-]?\d+$/;

export function isInteger(value: string): boolean {
  return INTEGER.test(value);
}

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;
const MEDIAWIKI_14 = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;
const UNIX_SECONDS = /^-?\d{1,13}$/;

/**
 * ISO 8601 date and time, 14-digit `YYYYMMDDHHMMSS`, Unix seconds, or `now`:
 * what MediaWiki's ConvertibleTimestamp reads. Its fields are two digits each
 * whatever their range (MediaWiki 1.39 accepts month 13 and day 45, and rolls
 * them over: see normalisedTimestamp). A date alone is refused.
 */
export function isTimestamp(value: string): boolean {
  if (value === 'now') return true;
  if (ISO_8601.test(value) || MEDIAWIKI_14.test(value)) return true;
  return UNIX_SECONDS.test(value);
}

/**
 * The time MediaWiki reads a timestamp as when a field is out of its range
 * (month 13, day 45, February 30, hour 24, second 60): the fields roll over
 * into the next ones, as PHP's date arithmetic (and JavaScript's Date.UTC)
 * does, silently. Undefined when the timestamp means what it says.
 */
export function normalisedTimestamp(value: string): string | undefined {
  const iso = ISO_8601.exec(value);
  const parts = iso ?? MEDIAWIKI_14.exec(value);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = [parts[1], parts[2], parts[3], parts[4], parts[5], parts[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = month >= 1 && month <= 12 ? new Date(Date.UTC(year, month, 0)).getUTCDate() : 0;
  if (month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (Number.isNaN(date.getTime())) return undefined;
  const text = date.toISOString().slice(0, 19);
  // The zone as written (the roll-over happens in the written fields).
  const zone = iso ? (/(Z|[+-]\d{2}(?::?\d{2})?)$/.exec(value)?.[1] ?? '') : 'Z';
  return `${text}${zone}`;
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const LOOKS_LIKE_IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}(?:\/.*)?$/;
const IPV6 = /^[0-9A-Fa-f:]+$/;

export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

export function isIpv6(value: string): boolean {
  if (!IPV6.test(value) || !value.includes(':')) return false;
  const doubles = value.split('::').length - 1;
  if (doubles > 1) return false;
  const groups = value.split(':').filter((g) => g !== '');
  if (groups.some((g) => g.length > 4)) return false;
  return doubles === 1 ? groups.length < 8 : groups.length === 8;
}

export function isIp(value: string): boolean {
  return isIpv4(value) || isIpv6(value);
}

/** CIDR ranges as MediaWiki's default block limits allow: IPv4 /16–/32, IPv6 /19–/128. */
export function isCidr(value: string): boolean {
  const slash = value.indexOf('/');
  if (slash < 0) return false;
  const address = value.slice(0, slash);
  const bits = value.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits)) return false;
  const n = Number(bits);
  if (isIpv4(address)) return n >= 16 && n <= 32;
  if (isIpv6(address)) return n >= 19 && n <= 128;
  return false;
}

// Characters MediaWiki never allows in a user name (title-illegal ones plus
// $wgInvalidUsernameCharacters' defaults).
const ILLEGAL_IN_NAME = /[#<>[\]|{}@:=\u0000-\u001f\u007f]/;

export function isUserName(value: string): boolean {
  const name = value.trim();
  if (name === '' || name.length > 255) return false;
  if (ILLEGAL_IN_NAME.test(name)) return false;
  // Addresses and ranges are not names (`1.2.3.4/99` is neither).
  if (LOOKS_LIKE_IPV4.test(name) || isIpv6(name)) return false;
  return true;
}

/** Temporary accounts: `~` followed by the year and a serial, as MediaWiki names them. */
export function isTemporaryUser(value: string): boolean {
  return /^~\d{4}-\d+(?:-\d+)?$/.test(value) || /^~[^#<>[\]|{}@:=/]+$/.test(value);
}

/** A user reference in any of the allowed forms (paraminfo's `subtypes`). */
export function isUserReference(value: string, subtypes: readonly string[] | undefined): boolean {
  const allowed = subtypes ?? ['name', 'ip', 'temp', 'interwiki', 'id'];
  for (const subtype of allowed) {
    switch (subtype) {
      case 'name':
        if (!value.startsWith('~') && isUserName(value)) return true;
        break;
      case 'ip':
        if (isIp(value)) return true;
        break;
      case 'cidr':
        if (isCidr(value)) return true;
        break;
      case 'temp':
        if (isTemporaryUser(value)) return true;
        break;
      case 'interwiki': {
        const gt = value.indexOf('>');
        if (gt > 0 && isUserName(value.slice(gt + 1)) && /^[A-Za-z0-9_.-]+$/.test(value.slice(0, gt))) return true;
        break;
      }
      case 'id':
        if (/^#\d+$/.test(value)) return true;
        break;
    }
  }
  return false;
}

const FALSE_LOOKING = new Set(['false', '0', 'no', 'off']);

/** A boolean's value that a user probably meant as "false" (the API reads any value as true). */
export function isFalseLooking(value: string): boolean {
  return FALSE_LOOKING.has(value.trim().toLowerCase());
}
