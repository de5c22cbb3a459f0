/** Materials' paths, apart from their schemas (materials.ts). */

/** GET (public): the active materials. */
export const MATERIALS_PATH = '/back/api/v1/materials';
/** GET (public): where to recycle what (`?q=`). */
export const MATERIAL_SEARCH_PATH = '/back/api/v1/materials/search';
