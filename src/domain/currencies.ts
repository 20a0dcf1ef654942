/**
 * ISO 4217 currencies in circulation, with their Spanish names (from CLDR), for the currency pickers:
 * a typed code such as "POUNDS" used to be cut to "POU", a code no bank knows. Withdrawn codes
 * (HRK, CUC, SLL, ZWL) and non-currencies (XDR, XSU) are left out.
 */
const CURRENCIES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['AED', 'Dírham de los Emiratos Árabes Unidos'],
  ['AFN', 'Afgani afgano'],
  ['ALL', 'Lek albanés'],
  ['AMD', 'Dram armenio'],
  ['ANG', 'Florín antillano'],
  ['AOA', 'Kuanza angoleño'],
  ['ARS', 'Peso argentino'],
  ['AUD', 'Dólar australiano'],
  ['AWG', 'Florín arubeño'],
  ['AZN', 'Manat azerbaiyano'],
  ['BAM', 'Marco convertible de Bosnia y Herzegovina'],
  ['BBD', 'Dólar barbadense'],
  ['BDT', 'Taka bangladesí'],
  ['BGN', 'Leva búlgara'],
  ['BHD', 'Dinar bareiní'],
  ['BIF', 'Franco burundés'],
  ['BMD', 'Dólar bermudeño'],
  ['BND', 'Dólar bruneano'],
  ['BOB', 'Boliviano'],
  ['BRL', 'Real brasileño'],
  ['BSD', 'Dólar bahameño'],
  ['BTN', 'Gultrum butanés'],
  ['BWP', 'Pula botsuano'],
  ['BYN', 'Rublo bielorruso'],
  ['BZD', 'Dólar beliceño'],
  ['CAD', 'Dólar canadiense'],
  ['CDF', 'Franco congoleño'],
  ['CHF', 'Franco suizo'],
  ['CLP', 'Peso chileno'],
  ['CNY', 'Yuan renminbi'],
  ['COP', 'Peso colombiano'],
  ['CRC', 'Colón costarricense'],
  ['CUP', 'Peso cubano'],
  ['CVE', 'Escudo de Cabo Verde'],
  ['CZK', 'Corona checa'],
  ['DJF', 'Franco yibutiano'],
  ['DKK', 'Corona danesa'],
  ['DOP', 'Peso dominicano'],
  ['DZD', 'Dinar argelino'],
  ['EGP', 'Libra egipcia'],
  ['ERN', 'Nakfa eritreo'],
  ['ETB', 'Bir etíope'],
  ['EUR', 'Euro'],
  ['FJD', 'Dólar fiyiano'],
  ['FKP', 'Libra malvinense'],
  ['GBP', 'Libra esterlina'],
  ['GEL', 'Lari georgiano'],
  ['GHS', 'Cedi ghanés'],
  ['GIP', 'Libra gibraltareña'],
  ['GMD', 'Dalasi gambiano'],
  ['GNF', 'Franco guineano'],
  ['GTQ', 'Quetzal guatemalteco'],
  ['GYD', 'Dólar guyanés'],
  ['HKD', 'Dólar hongkonés'],
  ['HNL', 'Lempira hondureño'],
  ['HTG', 'Gurde haitiano'],
  ['HUF', 'Forinto húngaro'],
  ['IDR', 'Rupia indonesia'],
  ['ILS', 'Nuevo séquel israelí'],
  ['INR', 'Rupia india'],
  ['IQD', 'Dinar iraquí'],
  ['IRR', 'Rial iraní'],
  ['ISK', 'Corona islandesa'],
  ['JMD', 'Dólar jamaicano'],
  ['JOD', 'Dinar jordano'],
  ['JPY', 'Yen japonés'],
  ['KES', 'Chelín keniano'],
  ['KGS', 'Som kirguís'],
  ['KHR', 'Riel camboyano'],
  ['KMF', 'Franco comorense'],
  ['KPW', 'Won norcoreano'],
  ['KRW', 'Won surcoreano'],
  ['KWD', 'Dinar kuwaití'],
  ['KYD', 'Dólar de las Islas Caimán'],
  ['KZT', 'Tengue kazajo'],
  ['LAK', 'Kip laosiano'],
  ['LBP', 'Libra libanesa'],
  ['LKR', 'Rupia esrilanquesa'],
  ['LRD', 'Dólar liberiano'],
  ['LSL', 'Loti lesotense'],
  ['LYD', 'Dinar libio'],
  ['MAD', 'Dírham marroquí'],
  ['MDL', 'Leu moldavo'],
  ['MGA', 'Ariari malgache'],
  ['MKD', 'Dinar macedonio'],
  ['MMK', 'Kiat de Myanmar'],
  ['MNT', 'Tugrik mongol'],
  ['MOP', 'Pataca macaense'],
  ['MRU', 'Uguiya mauritano'],
  ['MUR', 'Rupia mauriciana'],
  ['MVR', 'Rufiya maldiva'],
  ['MWK', 'Kuacha malauí'],
  ['MXN', 'Peso mexicano'],
  ['MYR', 'Ringit malasio'],
  ['MZN', 'Metical mozambiqueño'],
  ['NAD', 'Dólar namibio'],
  ['NGN', 'Naira nigeriano'],
  ['NIO', 'Córdoba oro'],
  ['NOK', 'Corona noruega'],
  ['NPR', 'Rupia nepalí'],
  ['NZD', 'Dólar neozelandés'],
  ['OMR', 'Rial omaní'],
  ['PAB', 'Balboa panameño'],
  ['PEN', 'Sol peruano'],
  ['PGK', 'Kina papú'],
  ['PHP', 'Peso filipino'],
  ['PKR', 'Rupia pakistaní'],
  ['PLN', 'Esloti polaco'],
  ['PYG', 'Guaraní paraguayo'],
  ['QAR', 'Rial catarí'],
  ['RON', 'Leu rumano'],
  ['RSD', 'Dinar serbio'],
  ['RUB', 'Rublo ruso'],
  ['RWF', 'Franco ruandés'],
  ['SAR', 'Rial saudí'],
  ['SBD', 'Dólar salomonense'],
  ['SCR', 'Rupia seychellense'],
  ['SDG', 'Libra sudanesa'],
  ['SEK', 'Corona sueca'],
  ['SGD', 'Dólar singapurense'],
  ['SHP', 'Libra de Santa Elena'],
  ['SLE', 'Leona sierraleonesa'],
  ['SOS', 'Chelín somalí'],
  ['SRD', 'Dólar surinamés'],
  ['SSP', 'Libra sursudanesa'],
  ['STN', 'Dobra santotomense'],
  ['SVC', 'Colón salvadoreño'],
  ['SYP', 'Libra siria'],
  ['SZL', 'Lilangeni esuatiní'],
  ['THB', 'Bat tailandés'],
  ['TJS', 'Somoni tayiko'],
  ['TMT', 'Manat turcomano'],
  ['TND', 'Dinar tunecino'],
  ['TOP', 'Paanga tongano'],
  ['TRY', 'Lira turca'],
  ['TTD', 'Dólar de Trinidad y Tobago'],
  ['TWD', 'Nuevo dólar taiwanés'],
  ['TZS', 'Chelín tanzano'],
  ['UAH', 'Grivna ucraniana'],
  ['UGX', 'Chelín ugandés'],
  ['USD', 'Dólar estadounidense'],
  ['UYU', 'Peso uruguayo'],
  ['UZS', 'Sum uzbeko'],
  ['VES', 'Bolívar venezolano'],
  ['VND', 'Dong vietnamita'],
  ['VUV', 'Vatu vanuatense'],
  ['WST', 'Tala samoano'],
  ['XAF', 'Franco CFA de África Central'],
  ['XCD', 'Dólar del Caribe Oriental'],
  ['XCG', 'Florín caribeño'],
  ['XOF', 'Franco CFA de África Occidental'],
  ['XPF', 'Franco CFP'],
  ['YER', 'Rial yemení'],
  ['ZAR', 'Rand sudafricano'],
  ['ZMW', 'Kuacha zambiano'],
  ['ZWG', 'Oro zimbabuense'],
];

export interface Currency {
  code: string;
  name: string;
}

export const ISO_CURRENCIES: readonly Currency[] = CURRENCIES.map(([code, name]) => ({ code, name }));

const BY_CODE = new Map(ISO_CURRENCIES.map((c) => [c.code, c]));

export const isIsoCurrency = (code: string): boolean => BY_CODE.has(code);

/** 'EUR - Euro'; an unknown code (a rate saved before the list) is shown as it is. */
export function currencyLabel(code: string): string {
  const currency = BY_CODE.get(code);
  return currency ? `${currency.code} - ${currency.name}` : code;
}

/** Accent- and case-insensitive search by code or name: 'libra' finds GBP, 'peso chi' finds CLP. */
export function searchCurrencies(query: string): Currency[] {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const q = fold(query.trim());
  if (!q) return [...ISO_CURRENCIES];
  return ISO_CURRENCIES.filter((c) => fold(`${c.code} ${c.name}`).includes(q));
}

/**
 * ISO 4217 currencies without minor units (CLP, JPY, ...): their amounts are whole, a conversion into
 * them rounds to the unit, and they are never written with decimals (decision 0085).
 */
const WHOLE_UNIT_CURRENCIES = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** How many decimals an amount in `code` has: 0 for pesos and the like, 2 for the others. */
export const currencyDecimals = (code: string): number => (WHOLE_UNIT_CURRENCIES.has(code) ? 0 : 2);
