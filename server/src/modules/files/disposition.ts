/** File names: sanitised on the way in, quoted safely on the way out (Content-Disposition, RFC 6266/5987). */

const MAX_NAME = 200;

/**
 * Keeps the last path segment, drops control and reserved characters, collapses spaces, trims
 * dots and spaces at the ends, cuts to 200 characters (keeping the extension when possible).
 */
export function sanitiseFileName(raw: string, fallback = 'file'): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f"<>:|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (!name) name = fallback;
  const chars = Array.from(name);
  if (chars.length > MAX_NAME) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
    name = ext.length > 0 && ext.length <= 10 ? chars.slice(0, MAX_NAME - ext.length).join('') + ext.join('') : chars.slice(0, MAX_NAME).join('');
  }
  return name;
}

/** Replaces the extension with the one the content says (a .png-named PDF downloads as .pdf). */
export function withExtension(name: string, ext: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem}.${ext}`;
}

/** `inline|attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (the latter only for non-ASCII names). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const plain = `${kind}; filename="${ascii}"`;
  if (/^[\x20-\x7e]*$/.test(name)) return plain;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${plain}; filename*=UTF-8''${encoded}`;
}
