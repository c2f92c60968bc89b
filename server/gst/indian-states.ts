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

/** Other ways an address writes a state: older names, "&", and the store's own state as people shorten it. */
const ALIASES: Record<string, string> = {
  ts: "36",
  tg: "36",
  telengana: "36",
  "new delhi": "07",
  "nct of delhi": "07",
  orissa: "21",
  pondicherry: "34",
  "jammu & kashmir": "01",
  "andaman & nicobar islands": "35",
  "daman and diu": "26",
  "dadra and nagar haveli": "26",
};

const key = (name: string) => name.trim().toLowerCase().replace(/[.,]/g, "").replace(/\s+/g, " ");
const BY_NAME = new Map<string, string>([
  ...Object.entries(GST_STATE_CODES).map(([code, name]) => [key(name), code] as [string, string]),
  ...Object.entries(ALIASES),
]);

/** The GST code of a state as an address writes it, or undefined for a name it does not know. */
export const stateCodeOf = (state: string): string | undefined => BY_NAME.get(key(state));
