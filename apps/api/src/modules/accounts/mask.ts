/** `jane@example.com` → `j•••@example.com`: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** `+15551234542` → `+1 555 ••• 42`. */
export function maskPhone(phone: string): string {
  if (phone.length < 6) return '•••';
  return `${phone.slice(0, 2)} ${phone.slice(2, 5)} ••• ${phone.slice(-2)}`;
}

export function maskDestination(channel: 'email' | 'sms', destination: string): string {
  return channel === 'email' ? maskEmail(destination) : maskPhone(destination);
}
