/**
 * Geocoding for forms with an address and a map pin: typing an address moves the pin
 * (GET /back/api/v1/geocoding/search) and a pin shows an address (GET …/geocoding/reverse).
 */
import { z } from 'zod';
import { dataOf } from './common.js';
import { ZLatitude, ZLongitude } from './points.js';

/** How close a hit is: an address on the street grid, a street, a neighbourhood or only the city. */
export const GEOCODE_PRECISIONS = ['address', 'street', 'place', 'city'] as const;
export type GeocodePrecision = (typeof GEOCODE_PRECISIONS)[number];

export const ZGeocodeSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(3, { error: 'Escribe al menos 3 caracteres de la dirección.' })
    .max(160, { error: 'Escribe como máximo 160 caracteres.' }),
});
export type GeocodeSearchQuery = z.infer<typeof ZGeocodeSearchQuery>;

export const ZReverseGeocodeQuery = z.object({
  lat: z.coerce.number({ error: 'lat debe ser un número decimal' }).pipe(ZLatitude),
  lng: z.coerce.number({ error: 'lng debe ser un número decimal' }).pipe(ZLongitude),
});
export type ReverseGeocodeQuery = z.infer<typeof ZReverseGeocodeQuery>;

export const ZGeocodeHit = z.object({
  /** As Colombians write it ("Calle 49 # 72-35"); empty when only the city is known. */
  address: z.string(),
  /** The neighbourhood (barrio) when known. */
  place: z.string().nullable(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  precision: z.enum(GEOCODE_PRECISIONS),
});
export type GeocodeHit = z.infer<typeof ZGeocodeHit>;

export const ZGeocodeSearchResponse = dataOf(z.object({ hits: z.array(ZGeocodeHit) }));
export type GeocodeSearchResponse = z.infer<typeof ZGeocodeSearchResponse>;

/** `data` is null when the pin is far from every place the geocoder knows. */
export const ZReverseGeocodeResponse = dataOf(ZGeocodeHit.nullable());
export type ReverseGeocodeResponse = z.infer<typeof ZReverseGeocodeResponse>;
