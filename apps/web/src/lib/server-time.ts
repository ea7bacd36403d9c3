/**
 * A deadline on this device's clock: the server says when it answered (`serverTime`), the query
 * knows when the answer arrived, so a phone whose clock is off still counts down correctly.
 */
export function serverAlignedDeadline(at: string, serverTime: string, receivedAt: number): number {
  const skew = receivedAt - Date.parse(serverTime);
  return Date.parse(at) + (Number.isFinite(skew) ? skew : 0);
}
