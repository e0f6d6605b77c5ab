/** Shows only the first characters of a secret ("abcd••••"); empty stays empty. */
export function maskToken(token: string | null | undefined): string {
  if (!token) return "";
  return `${token.slice(0, Math.min(4, Math.floor(token.length / 3)))}••••••••`;
}
