import { Link } from '@mui/material';
import { telHref } from '@relining/contracts/phone';

/** A phone number as it was typed, linked for calling (+61 form; 1300/1800/13 numbers as they are). */
export function PhoneLink({ phone }: { phone: string }) {
  const href = telHref(phone);
  return href ? <Link href={href}>{phone}</Link> : <>{phone}</>;
}
