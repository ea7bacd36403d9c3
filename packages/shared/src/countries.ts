/**
 * Countries a bank account may be in: the ISO 3166-1 alpha-2 codes, and XK (Kosovo, which has
 * IBANs). A member picks one by its name in their language (Intl.DisplayNames on the web); the
 * API accepts only these codes, so a typed "Germany" can never become "GE" (Georgia). Zod-free.
 */
// Commas, not spaces: a list of codes, not a text to translate.
export const COUNTRY_CODES: readonly string[] = (
  'AD,AE,AF,AG,AI,AL,AM,AO,AQ,AR,AS,AT,AU,AW,AX,AZ,BA,BB,BD,BE,BF,BG,BH,BI,BJ,' +
  'BL,BM,BN,BO,BQ,BR,BS,BT,BV,BW,BY,BZ,CA,CC,CD,CF,CG,CH,CI,CK,CL,CM,CN,CO,CR,' +
  'CU,CV,CW,CX,CY,CZ,DE,DJ,DK,DM,DO,DZ,EC,EE,EG,EH,ER,ES,ET,FI,FJ,FK,FM,FO,FR,' +
  'GA,GB,GD,GE,GF,GG,GH,GI,GL,GM,GN,GP,GQ,GR,GS,GT,GU,GW,GY,HK,HM,HN,HR,HT,HU,' +
  'ID,IE,IL,IM,IN,IO,IQ,IR,IS,IT,JE,JM,JO,JP,KE,KG,KH,KI,KM,KN,KP,KR,KW,KY,KZ,' +
  'LA,LB,LC,LI,LK,LR,LS,LT,LU,LV,LY,MA,MC,MD,ME,MF,MG,MH,MK,ML,MM,MN,MO,MP,MQ,' +
  'MR,MS,MT,MU,MV,MW,MX,MY,MZ,NA,NC,NE,NF,NG,NI,NL,NO,NP,NR,NU,NZ,OM,PA,PE,PF,' +
  'PG,PH,PK,PL,PM,PN,PR,PS,PT,PW,PY,QA,RE,RO,RS,RU,RW,SA,SB,SC,SD,SE,SG,SH,SI,' +
  'SJ,SK,SL,SM,SN,SO,SR,SS,ST,SV,SX,SY,SZ,TC,TD,TF,TG,TH,TJ,TK,TL,TM,TN,TO,TR,' +
  'TT,TV,TW,TZ,UA,UG,UM,US,UY,UZ,VA,VC,VE,VG,VI,VN,VU,WF,WS,XK,YE,YT,ZA,ZM,ZW'
).split(',');

const KNOWN = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
  return KNOWN.has(code);
}

/**
 * The country of a number that is an IBAN by its shape and its check digits (ISO 13616: the
 * number moved round and read as digits leaves 1 divided by 97), or null. Whether that country
 * writes IBANs this long is the API's check (ibantools); this is enough to tell which country a
 * typed IBAN belongs to.
 */
export function ibanCountry(number: string): string | null {
  const compact = number.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return null;
  const country = compact.slice(0, 2);
  if (!KNOWN.has(country)) return null;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = char <= '9' ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? country : null;
}
