/**
 * The local gazetteer of the demo cities (Valle de Aburrá): each municipality's centre, the
 * neighbourhoods of Medellín, and Medellín's street grid calibrated on known corners. It is the
 * default geocoder's data: no outside service, good to a block or two, which is why every hit
 * from it says "aproximada" on screen and the user can move the pin.
 */

export type GazetteerPlace = { name: string; city: string; lat: number; lng: number };

/** A corner or landmark whose grid position (calle, carrera) and coordinates are both known. */
export type GridControlPoint = { calle: number; carrera: number; lat: number; lng: number; what: string };

export type CityGrid = {
  city: string;
  /** Where the grid is valid (its urban area): outside it an address is only the city. */
  bounds: { south: number; west: number; north: number; east: number };
  /** At least three non-collinear corners; the grid is the least-squares affine fit through them. */
  control: GridControlPoint[];
};

export const CITY_CENTRES: GazetteerPlace[] = [
  { name: 'Medellín', city: 'Medellín', lat: 6.2442, lng: -75.5812 },
  { name: 'Bello', city: 'Bello', lat: 6.3373, lng: -75.5579 },
  { name: 'Itagüí', city: 'Itagüí', lat: 6.1719, lng: -75.6114 },
  { name: 'Envigado', city: 'Envigado', lat: 6.1759, lng: -75.5917 },
  { name: 'Sabaneta', city: 'Sabaneta', lat: 6.1515, lng: -75.6166 },
  { name: 'La Estrella', city: 'La Estrella', lat: 6.1578, lng: -75.6431 },
  { name: 'Caldas', city: 'Caldas', lat: 6.0911, lng: -75.6357 },
  { name: 'Copacabana', city: 'Copacabana', lat: 6.3463, lng: -75.5089 },
  { name: 'Girardota', city: 'Girardota', lat: 6.3777, lng: -75.4445 },
  { name: 'Barbosa', city: 'Barbosa', lat: 6.4387, lng: -75.3331 },
];

/** Medellín's neighbourhoods (barrios and comunas) by their usual centre. */
export const PLACES: GazetteerPlace[] = [
  { name: 'El Poblado', city: 'Medellín', lat: 6.2087, lng: -75.569 },
  { name: 'Laureles', city: 'Medellín', lat: 6.2447, lng: -75.5976 },
  { name: 'Belén', city: 'Medellín', lat: 6.2306, lng: -75.6036 },
  { name: 'Robledo', city: 'Medellín', lat: 6.2777, lng: -75.5946 },
  { name: 'Castilla', city: 'Medellín', lat: 6.2936, lng: -75.5713 },
  { name: 'Aranjuez', city: 'Medellín', lat: 6.2836, lng: -75.556 },
  { name: 'Manrique', city: 'Medellín', lat: 6.2752, lng: -75.547 },
  { name: 'Buenos Aires', city: 'Medellín', lat: 6.237, lng: -75.554 },
  { name: 'La América', city: 'Medellín', lat: 6.2533, lng: -75.605 },
  { name: 'San Javier', city: 'Medellín', lat: 6.256, lng: -75.616 },
  { name: 'Guayabal', city: 'Medellín', lat: 6.213, lng: -75.586 },
  { name: 'La Candelaria', city: 'Medellín', lat: 6.2494, lng: -75.567 },
  { name: 'Estadio', city: 'Medellín', lat: 6.2566, lng: -75.5903 },
  { name: 'Boston', city: 'Medellín', lat: 6.245, lng: -75.556 },
  { name: 'Prado', city: 'Medellín', lat: 6.259, lng: -75.56 },
  { name: 'Villa Hermosa', city: 'Medellín', lat: 6.255, lng: -75.546 },
  { name: 'Doce de Octubre', city: 'Medellín', lat: 6.303, lng: -75.577 },
  { name: 'Popular', city: 'Medellín', lat: 6.296, lng: -75.548 },
];

export const GRIDS: CityGrid[] = [
  {
    city: 'Medellín',
    bounds: { south: 6.175, west: -75.64, north: 6.32, east: -75.535 },
    // Calles grow to the north, carreras to the west; the grid leans about 20° off north. West of
    // Carrera 70 (Belén, Laureles) the blocks grow and the fit drifts (~1 km at Parque de Belén):
    // one affine grid is a first answer there, the pin is what the user confirms.
    control: [
      { what: 'Parque Berrío (Carrera 50 / Calle 50)', calle: 50.5, carrera: 50.5, lat: 6.2506, lng: -75.5687 },
      {
        what: 'Estadio Atanasio Girardot (Carrera 70-74 / Calle 48-50)',
        calle: 49,
        carrera: 72,
        lat: 6.2568,
        lng: -75.5902,
      },
      { what: 'Parque de El Poblado (Carrera 43A / Calle 9-10)', calle: 9.5, carrera: 43.25, lat: 6.21, lng: -75.571 },
      { what: 'Universidad de Antioquia (Calle 67 # 53-108)', calle: 68, carrera: 53, lat: 6.2676, lng: -75.5688 },
    ],
  },
];
