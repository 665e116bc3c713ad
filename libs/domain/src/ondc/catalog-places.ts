import { gstStateCode } from '../invoices/gst-states.js';

/*
 * Where a provider's store is on ONDC's map (issue 33, docs/ondc.md, "The catalogue"). ONDC wants a store location's
 * `gps` as "lat,long" with exactly six decimals (log-validation-utility, constants DECIMAL_PRECISION and
 * checkGpsPrecision). Mandi knows a seller's registered pickup address, not its coordinates, and the India Post
 * directory it holds has none either; so a store is placed at the centre of its state's capital (coordinates of each
 * capital's centre as commonly published, good to about a kilometre). Mandi ships to every pincode of India
 * (serviceability type 12), so no buyer's delivery depends on this point; a seller's own coordinates would replace it.
 */

/** The state capital's centre by GST state code (libs/domain/src/invoices/gst-states.ts). */
const STATE_CAPITAL_GPS: Readonly<Record<string, string>> = {
  '01': '34.083700,74.797300', // Srinagar
  '02': '31.104800,77.173400', // Shimla
  '03': '30.733300,76.779400', // Chandigarh
  '04': '30.733300,76.779400', // Chandigarh
  '05': '30.316500,78.032200', // Dehradun
  '06': '30.733300,76.779400', // Chandigarh
  '07': '28.613900,77.209000', // New Delhi
  '08': '26.912400,75.787300', // Jaipur
  '09': '26.846700,80.946200', // Lucknow
  '10': '25.594100,85.137600', // Patna
  '11': '27.338900,88.612000', // Gangtok
  '12': '27.084400,93.605300', // Itanagar
  '13': '25.674700,94.110000', // Kohima
  '14': '24.817000,93.936800', // Imphal
  '15': '23.727100,92.717600', // Aizawl
  '16': '23.831500,91.286800', // Agartala
  '17': '25.578800,91.893300', // Shillong
  '18': '26.143300,91.789800', // Dispur
  '19': '22.572600,88.363900', // Kolkata
  '20': '23.344100,85.309600', // Ranchi
  '21': '20.296100,85.824500', // Bhubaneswar
  '22': '21.251400,81.629600', // Raipur
  '23': '23.259900,77.412600', // Bhopal
  '24': '23.215600,72.636900', // Gandhinagar
  '26': '20.397400,72.832800', // Daman
  '27': '19.076000,72.877700', // Mumbai
  '29': '12.971600,77.594600', // Bengaluru
  '30': '15.490900,73.827800', // Panaji
  '31': '10.566700,72.616700', // Kavaratti
  '32': '8.524100,76.936600', // Thiruvananthapuram
  '33': '13.082700,80.270700', // Chennai
  '34': '11.941600,79.808300', // Puducherry
  '35': '11.623400,92.726500', // Sri Vijaya Puram (Port Blair)
  '36': '17.385000,78.486700', // Hyderabad
  '37': '16.506200,80.648000', // Amaravati
  '38': '34.152600,77.577100', // Leh
};

/** New Delhi: the point of a state no source spells as the GST list does (never for a directory's address). */
const INDIA_CAPITAL_GPS = STATE_CAPITAL_GPS['07']!;

/** The `gps` ONDC gets for a store in `stateName`: its state capital's centre, six decimals each. */
export function storeGps(stateName: string): string {
  const code = gstStateCode(stateName);
  return (code !== null ? STATE_CAPITAL_GPS[code] : undefined) ?? INDIA_CAPITAL_GPS;
}
