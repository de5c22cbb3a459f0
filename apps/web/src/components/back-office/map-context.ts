import { createContext } from 'react';

/** The map tile URL (server config), provided by the admin page for the map pickers. */
export const AdminTileUrlContext = createContext<string>('');
