import { formatRut, rutCheckDigit } from '../../domain/rut';

/** The demo agency's master data: realistic names so the screens look like a working office. */

/** The peso's rate in the demo's Configuraciones, which its peso payments are recorded with. */
export const DEMO_CLP_RATE = '0.00105';
/** Its inverse, and the euro's (1.08 USD), to the 16 decimals a rate keeps: "1 USD = 952,38 CLP". */
export const DEMO_CLP_UNITS = '952.3809523809523810';
export const DEMO_EUR_UNITS = '0.9259259259259259';

export const DEMO_SUPPLIERS = [
  'LATAM Airlines',
  'Sky Airline',
  'JetSMART',
  'Iberia',
  'Hotel Cumbres Lastarria',
  'NH Collection Plaza Santiago',
  'Explora Patagonia',
  'Turavion',
  'Despegar Mayorista',
  'Assist Card',
];

export const DEMO_OPERATORS = [
  'Operador Receptivo Atacama',
  'Patagonia Connection',
  'Andes Mountain Tours',
  'Rapa Nui Travel',
  'Europamundo',
  'Juliá Tours',
];

export const DEMO_CLASSIFICATIONS = [
  'Aéreo',
  'Hotel',
  'Traslado',
  'Excursión',
  'Seguro',
  'Paquete',
  'Crucero',
];

export const FIRST_NAMES = [
  'Camila',
  'Matías',
  'Valentina',
  'Benjamín',
  'Sofía',
  'Joaquín',
  'Martina',
  'Tomás',
  'Isidora',
  'Agustín',
  'Florencia',
  'Vicente',
  'Antonella',
  'Maximiliano',
  'Josefa',
  'Cristóbal',
  'Catalina',
  'Ignacio',
  'Fernanda',
  'Sebastián',
  'Lucía',
  'Álvaro',
  'Paula',
  'Andrés',
  'María José',
  'José Tomás',
  'Begoña',
  'Íñigo',
  'Nuria',
  'Raúl',
];
export const LAST_NAMES = [
  'González',
  'Muñoz',
  'Rojas',
  'Díaz',
  'Pérez',
  'Soto',
  'Contreras',
  'Silva',
  'Martínez',
  'Sepúlveda',
  'Morales',
  'Rodríguez',
  'López',
  'Fuentes',
  'Hernández',
  'Torres',
  'Araya',
  'Flores',
  'Espinoza',
  'Valenzuela',
  'Castillo',
  'Núñez',
  'Peña',
  'Ibáñez',
  'Gutiérrez',
  'Sánchez',
  'Fernández',
  'Álvarez',
];
const STREETS = [
  'Av. Providencia',
  'Av. Apoquindo',
  'Los Leones',
  'Av. Vitacura',
  'Av. Libertad',
  'Calle Prat',
  'Av. Alemania',
  'Gran Vía',
  'Calle de Alcalá',
  'Av. Pedro de Valdivia',
];
const CITIES = [
  'Santiago',
  'Viña del Mar',
  'Concepción',
  'La Serena',
  'Temuco',
  'Madrid',
  'Valparaíso',
  'Puerto Montt',
];

/** The Chilean RUT of `body` with its real check digit (modulo 11), as stored: 12.345.678-K. */
export const demoRut = (body: number): string => formatRut(`${body}${rutCheckDigit(body)}`);

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '.');

export interface DemoPerson {
  name: string;
  rut: string;
  email: string;
}

/** Deterministic people: the same demo data on every fresh start. */
export function demoPeople(count: number, offset: number): DemoPerson[] {
  return Array.from({ length: count }, (_, k) => {
    const i = k + offset;
    const first = pick(FIRST_NAMES, i * 7);
    const last = `${pick(LAST_NAMES, i * 3)} ${pick(LAST_NAMES, i * 5 + 11)}`;
    const name = `${first} ${last}`;
    return {
      name,
      rut: demoRut(9_000_000 + ((i * 7_654_321) % 16_000_000)),
      email: `${plain(first)}.${plain(last.split(' ')[0] ?? '')}${i}@correo.cl`,
    };
  });
}

export const demoAddress = (i: number) =>
  `${pick(STREETS, i)} ${100 + ((i * 37) % 3900)}, ${pick(CITIES, i * 3)}`;

/** Birth dates spread between 1950 and 2015. */
export const demoBirthDate = (i: number) => {
  const year = 1950 + ((i * 13) % 66);
  const month = 1 + ((i * 5) % 12);
  const day = 1 + ((i * 11) % 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};
