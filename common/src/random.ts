// Random bytes as hex, from the Web Crypto both Node and the browser have
// (the extension runs in either; node:crypto is not in the browser).

/** `bytes` random bytes as lowercase hex. */
export function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `bytes` random bytes as base64 (a CSP nonce). */
export function randomBase64(bytes: number): string {
  return btoa(String.fromCharCode(...globalThis.crypto.getRandomValues(new Uint8Array(bytes))));
}
