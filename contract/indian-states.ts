/** India's states and union territories by their GST state code (the first two digits of a GSTIN). */
export const GST_STATE_CODES: Record<string, string> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
};

/** The states and union territories by name, as the address form lists them. */
export const STATE_NAMES = Object.values(GST_STATE_CODES).sort((a, b) => a.localeCompare(b));
export type StateName = (typeof STATE_NAMES)[number];

/**
 * Other ways an address writes a state: older names, "&", short forms, and common misspellings. Saved
 * addresses of free text were mapped with this table once (migration 0018); a name it does not know is left
 * for the shopper to choose from the list at checkout.
 */
export const STATE_ALIASES: Record<string, string> = {
  ts: "36",
  tg: "36",
  telengana: "36",
  telagana: "36",
  "new delhi": "07",
  "nct of delhi": "07",
  "delhi ncr": "07",
  orissa: "21",
  odisa: "21",
  pondicherry: "34",
  pondy: "34",
  "jammu & kashmir": "01",
  "j&k": "01",
  "andaman & nicobar islands": "35",
  "andaman and nicobar": "35",
  "daman and diu": "26",
  "dadra and nagar haveli": "26",
  maharastra: "27",
  maharashtr: "27",
  maharashra: "27",
  mh: "27",
  karnatak: "29",
  karnatka: "29",
  ka: "29",
  tamilnadu: "33",
  tn: "33",
  kerela: "32",
  kl: "32",
  andhra: "37",
  "andra pradesh": "37",
  ap: "37",
  gujrat: "24",
  gj: "24",
  rajastan: "08",
  rj: "08",
  "uttar pardesh": "09",
  up: "09",
  "madhya pardesh": "23",
  mp: "23",
  "west bangal": "19",
  wb: "19",
  chhatisgarh: "22",
  chattisgarh: "22",
  chhattisgad: "22",
  uttaranchal: "05",
  uttrakhand: "05",
  himachal: "02",
  hp: "02",
  haryan: "06",
  panjab: "03",
};

/** How a written state is compared: lower case, no dots or commas, single spaces. */
export const stateKey = (name: string) => name.trim().toLowerCase().replace(/[.,]/g, "").replace(/\s+/g, " ");
const key = stateKey;
const BY_NAME = new Map<string, string>([
  ...Object.entries(GST_STATE_CODES).map(([code, name]) => [key(name), code] as [string, string]),
  ...Object.entries(STATE_ALIASES),
]);

/** The GST code of a state as an address writes it, or undefined for a name it does not know. */
export const stateCodeOf = (state: string): string | undefined => BY_NAME.get(key(state));

/** A state's name as the list writes it ("maharastra" is Maharashtra), or undefined for one it does not know. */
export const stateNamed = (state: string): string | undefined => {
  const code = stateCodeOf(state);
  return code ? GST_STATE_CODES[code] : undefined;
};

/** "36-Telangana": a GST document's place of supply. */
export const placeOfSupplyOf = (code: string) => `${code}-${GST_STATE_CODES[code]}`;
