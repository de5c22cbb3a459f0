import { INTERNAL_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './fallback-messages.js';

/**
 * Every error code the API can answer with, its HTTP status and its Spanish message.
 * The spec's identity codes (§8) are among them. Bodies are `{ code, message, fields? }`.
 */
export const ERRORS = {
  // Generic
  'validation-failed': { status: 400, message: 'Revisa los datos marcados.' },
  'bad-request': { status: 400, message: 'La solicitud no es válida.' },
  unauthorized: { status: 401, message: 'Debes iniciar sesión para continuar.' },
  forbidden: { status: 403, message: 'No tienes permiso para hacer esto.' },
  'not-found': { status: 404, message: 'No encontramos lo que buscas.' },
  'route-not-found': { status: 404, message: 'Esta dirección de la API no existe.' },
  'method-not-allowed': { status: 405, message: 'Método no permitido.' },
  conflict: { status: 409, message: 'La operación entra en conflicto con el estado actual.' },
  'invalid-transition': { status: 409, message: 'Ese cambio de estado no está permitido.' },
  'payload-too-large': { status: 413, message: 'El contenido enviado es demasiado grande.' },
  'unsupported-media-type': { status: 415, message: 'Tipo de archivo no permitido.' },
  'internal-error': { status: 500, message: INTERNAL_ERROR_MESSAGE },
  'service-unavailable': { status: 503, message: 'El servicio no está disponible en este momento.' },
  // Identity (spec §8)
  'invalid-email': { status: 400, message: 'El correo electrónico no es válido.' },
  'wrong-password': { status: 401, message: 'El correo o la contraseña no son correctos.' },
  'user-not-found': { status: 404, message: 'No encontramos un usuario con esos datos.' },
  'email-already-in-use': { status: 409, message: 'Ya existe una cuenta con ese correo electrónico.' },
  'weak-password': {
    status: 400,
    message: 'La contraseña es muy débil: usa al menos 6 caracteres y evita contraseñas comunes.',
  },
  'too-many-requests': { status: 429, message: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.' },
  'invalid-token': { status: 400, message: 'El enlace no es válido o ya venció. Pide uno nuevo.' },
  'nit-already-in-use': { status: 409, message: 'Ya existe una empresa registrada con ese NIT.' },
  'wrong-current-password': { status: 400, message: 'La contraseña actual no es correcta.' },
  'company-has-branches': {
    status: 409,
    message: 'Tu empresa tiene sucursales activas: elimínalas o desvincúlalas antes de eliminar la cuenta.',
  },
  'network-request-failed': { status: 0, message: NETWORK_ERROR_MESSAGE },
  // Uploads, campaigns, allies, back office
  'file-missing': { status: 400, message: 'Adjunta un archivo en el campo «file».' },
  'image-too-large': {
    status: 413,
    message: 'La imagen pesa demasiado: el máximo es 1,5 MB. Redúcela o toma la foto con menor resolución.',
  },
  'document-too-large': { status: 413, message: 'El documento pesa demasiado: el máximo es 2 MB.' },
  'file-type-not-allowed': {
    status: 415,
    message: 'Tipo de archivo no permitido: sube una imagen JPG, PNG o WebP, o un documento PDF.',
  },
  'image-unreadable': { status: 415, message: 'No pudimos leer la imagen: puede estar dañada. Prueba con otra.' },
  'file-reference-invalid': {
    status: 400,
    message: 'El archivo indicado no existe o no es tuyo. Súbelo de nuevo.',
  },
  'campaign-ended': { status: 409, message: 'Esta campaña ya terminó: no es posible inscribirse.' },
  'cannot-change-own-account': {
    status: 409,
    message: 'No puedes quitarte tus propios permisos de administración ni desactivar tu propia cuenta.',
  },
  // Waste points
  'unknown-material': { status: 400, message: 'Ese material no existe en el catálogo.' },
  'point-not-found': { status: 404, message: 'No encontramos ese punto de reciclaje.' },
  'container-not-found': { status: 404, message: 'No encontramos ese contenedor en este punto.' },
  'not-point-manager': { status: 403, message: 'Solo quien administra este punto puede cambiar sus contenedores.' },
  // Materials back office
  'material-not-found': { status: 404, message: 'No encontramos ese material en el catálogo.' },
  'material-code-taken': { status: 409, message: 'Ya existe un material con ese código.' },
  'material-osm-key-taken': { status: 409, message: 'Esa clave de OpenStreetMap ya pertenece a otro material.' },
  'material-parent-invalid': {
    status: 400,
    message: 'El grupo debe ser un material principal (sin grupo) distinto de este material.',
  },
  'material-has-members': { status: 409, message: 'Este material es un grupo con materiales: no puede pertenecer a otro grupo.' },
  'materials-full': { status: 409, message: 'El catálogo llegó a su máximo de materiales: reutiliza o edita uno existente.' },
  // PQR
  'pqr-not-found': {
    status: 404,
    message: 'No encontramos una PQR con ese radicado y ese correo. Revisa los dos datos tal como aparecen en el correo de confirmación.',
  },
  'pqr-attachment-invalid': {
    status: 400,
    message: 'Uno de los archivos adjuntos no existe, no lo subiste tú o ya está en otra PQR. Súbelo de nuevo.',
  },
  'pqr-extension-not-allowed': {
    status: 409,
    message: 'La prórroga solo se concede una vez, antes del vencimiento y mientras la PQR está en trámite.',
  },
  'pqr-extension-date-invalid': {
    status: 400,
    message: 'La nueva fecha debe ser un día hábil posterior al vencimiento actual y no superar el doble del plazo legal.',
  },
  'pqr-transfer-too-late': {
    status: 409,
    message: 'El plazo de 5 días hábiles para trasladar esta PQR ya venció: respóndela indicando la entidad competente.',
  },
  'pqr-assignee-invalid': { status: 400, message: 'Solo puedes asignar la PQR a una persona del equipo administrador.' },
  // Pickup requests, branches, live updates
  'request-not-found': { status: 404, message: 'No encontramos esa solicitud de recolección.' },
  'request-forbidden': { status: 403, message: 'No puedes ver ni cambiar esta solicitud de recolección.' },
  'transition-forbidden': {
    status: 403,
    message: 'No puedes hacer este cambio de estado: solo quien pidió la recolección la cancela y solo el punto la gestiona.',
  },
  'request-role-not-allowed': {
    status: 403,
    message: 'Solo hogares, empresas y sucursales pueden pedir recolecciones.',
  },
  'pickup-date-invalid': { status: 400, message: 'Elige otra fecha de recogida.' },
  'point-does-not-accept': {
    status: 400,
    message: 'Ese punto no recibe todos los materiales de tu solicitud: elige otro punto o quita materiales.',
  },
  'no-point-accepts-materials': {
    status: 409,
    message: 'Ningún punto activo recibe todos esos materiales juntos: divide la solicitud por materiales.',
  },
  'point-inactive': { status: 409, message: 'Ese punto no está activo: elige otro.' },
  'collect-items-invalid': {
    status: 400,
    message: 'Registra los kilos recogidos de cada material de la solicitud (0 si no se recogió).',
  },
  'scheduled-at-invalid': { status: 400, message: 'La fecha de recogida debe ser futura.' },
  'password-change-required': {
    status: 403,
    message: 'Debes cambiar la contraseña que se generó para tu cuenta antes de continuar.',
  },
  'not-company-head': { status: 403, message: 'Solo la cuenta principal de una empresa puede gestionar sucursales.' },
  'branch-not-found': { status: 404, message: 'No encontramos esa sucursal.' },
  'branch-invitation-already-accepted': {
    status: 409,
    message: 'Esta sucursal ya creó su contraseña: si la olvidó, puede recuperarla desde «¿Olvidaste tu contraseña?».',
  },
  'events-ticket-invalid': {
    status: 401,
    message: 'El permiso para recibir actualizaciones en vivo no es válido o venció. Vuelve a conectarte.',
  },
  'notification-not-found': { status: 404, message: 'No encontramos esa notificación.' },
  'push-endpoint-refused': {
    status: 400,
    message:
      'Este navegador entregó una dirección de notificaciones que no podemos usar (debe ser https y de un servicio público). Vuelve a activar las notificaciones o prueba con otro navegador.',
  },
  // Social sign-in: OpenID Connect with Google, Apple or another provider
  'social-provider-unknown': { status: 404, message: 'Ese inicio de sesión con redes sociales no está disponible.' },
  'social-provider-unavailable': {
    status: 503,
    message: 'No pudimos comunicarnos con la red social. Inténtalo de nuevo en unos minutos o entra con tu correo.',
  },
  'social-login-cancelled': { status: 400, message: 'Cancelaste el inicio de sesión con la red social.' },
  'social-login-failed': {
    status: 400,
    message: 'No pudimos iniciar sesión con la red social. Inténtalo de nuevo o entra con tu correo y contraseña.',
  },
  'social-state-invalid': {
    status: 400,
    message: 'El inicio de sesión con la red social venció o se abrió en otro navegador. Inténtalo de nuevo.',
  },
  'social-email-unverified': {
    status: 400,
    message: 'Tu cuenta de la red social no comparte un correo verificado. Verifícalo allí o regístrate con tu correo.',
  },
  'social-account-unverified': {
    status: 409,
    message: 'Ya existe una cuenta con ese correo, pero aún no está confirmada. Inicia sesión con tu contraseña y confirma el correo (o recupera la contraseña); después podrás entrar con la red social.',
  },
  'social-account-disabled': {
    status: 403,
    message: 'Esta cuenta está desactivada. Escríbenos por Ayuda / PQR si crees que es un error.',
  },
  'social-code-invalid': { status: 400, message: 'El inicio de sesión con la red social venció. Inténtalo de nuevo.' },
  'social-ticket-invalid': {
    status: 400,
    message: 'El enlace para completar tu registro venció o ya se usó. Vuelve a entrar con la red social.',
  },
  // Statistics and certificates
  'certificate-nothing-collected': {
    status: 422,
    message: 'No tienes kilos recogidos en ese periodo: elige otro periodo para pedir el certificado.',
  },
  'certificate-not-found': { status: 404, message: 'No encontramos ese certificado.' },
  'certificate-already-annulled': { status: 409, message: 'Ese certificado ya está anulado.' },
  'impact-factor-not-found': { status: 404, message: 'No encontramos ese factor de impacto.' },
  // Phone verification by SMS code
  'phone-not-mobile': {
    status: 400,
    message: 'Escribe un celular colombiano (10 dígitos, empieza por 3): los fijos no reciben SMS.',
  },
  'phone-code-invalid': {
    status: 400,
    message: 'El código no es correcto o ya no sirve. Revisa el SMS o pide un código nuevo.',
  },
  'phone-verified-elsewhere': {
    status: 409,
    message: 'Ese celular ya está verificado en otra cuenta de PuntoVerde. Verifica otro número o, si este es tuyo, escríbenos por Ayuda / PQR.',
  },
  'sms-number-rejected': {
    status: 400,
    message: 'El operador no pudo entregar SMS a ese número. Revisa el celular o escribe otro.',
  },
  'sms-unavailable': {
    status: 503,
    message: 'No pudimos enviar el SMS en este momento. Inténtalo de nuevo en unos minutos.',
  },
  'verified-phone-required': {
    status: 403,
    message: 'Para pedir recolecciones, primero verifica tu celular en Mi Perfil.',
  },
  // Hardening: bodies and files an attacker would send
  'multipart-malformed': {
    status: 400,
    message: 'No pudimos leer el formulario con el archivo: el envío llegó incompleto o dañado. Inténtalo de nuevo.',
  },
  'pdf-active-content': {
    status: 415,
    message:
      'Este PDF trae contenido activo (JavaScript, acciones automáticas, archivos incrustados o formularios XFA) y no lo podemos recibir. Guárdalo de nuevo con «Imprimir como PDF» y vuelve a subirlo.',
  },
  // Incident reports and Open311
  'report-not-found': { status: 404, message: 'No encontramos ese reporte.' },
  'report-category-invalid': { status: 400, message: 'Elige una categoría de la lista.' },
  'report-category-not-found': { status: 404, message: 'No encontramos esa categoría de reportes.' },
  'report-category-code-taken': { status: 409, message: 'Ya existe una categoría con ese código.' },
  'report-forbidden': { status: 403, message: 'No puedes gestionar este reporte: no es de un punto que administres.' },
  'report-photo-invalid': {
    status: 400,
    message: 'Una de las fotos no existe, no la subiste tú o ya está en otro reporte. Súbela de nuevo.',
  },
  'report-duplicate-invalid': {
    status: 400,
    message: 'El reporte original no existe, es este mismo o ya está cerrado como duplicado.',
  },
  'report-reopen-not-allowed': {
    status: 409,
    message: 'Solo quien hizo el reporte puede reabrirlo, y hasta 30 días después de resuelto o descartado.',
  },
  'report-follow-up-invalid': {
    status: 400,
    message: 'El enlace para responder ya no es válido: abre el reporte en la app para responder.',
  },
  'open311-key-invalid': { status: 403, message: 'Falta el api_key o no es válido.' },
  // Rewards: points for weighed kilos, allies' offers, redemption codes
  'reward-offer-not-found': { status: 404, message: 'No encontramos esa oferta.' },
  'reward-offer-unavailable': {
    status: 409,
    message: 'Esta oferta no está disponible ahora: aún no empieza, ya terminó o no está aprobada.',
  },
  'reward-out-of-stock': { status: 409, message: 'Se agotaron las unidades de esta oferta.' },
  'reward-insufficient-points': { status: 409, message: 'No tienes puntos suficientes para esta oferta.' },
  'reward-limit-reached': { status: 409, message: 'Ya canjeaste esta oferta las veces permitidas por persona.' },
  'redemption-not-found': { status: 404, message: 'No encontramos ese código de canje en este aliado.' },
  'redemption-expired': {
    status: 409,
    message: 'Este código venció: pasaron más de 30 minutos. Los puntos volvieron a la cuenta de la persona.',
  },
  'redemption-already-confirmed': { status: 409, message: 'Este código ya se usó: cada código sirve una sola vez.' },
  'ally-staff-only': { status: 403, message: 'Esta sección es para el personal de un aliado.' },
  'reward-hold-not-found': { status: 404, message: 'No encontramos esa revisión de puntos.' },
  'reward-hold-reviewed': { status: 409, message: 'Esta revisión ya fue resuelta.' },
  'reward-rate-retroactive': {
    status: 400,
    message: 'Una tarifa aplica desde hoy o una fecha futura: los cambios nunca son retroactivos.',
  },
  'reward-account-not-found': { status: 404, message: 'No encontramos una cuenta activa con ese correo.' },
  'ally-not-found-for-offer': { status: 400, message: 'Ese aliado no existe.' },
  'campaign-organiser-only': {
    status: 403,
    message: 'Solo quien organiza la campaña puede ver y confirmar la asistencia.',
  },
  'campaign-not-over': {
    status: 409,
    message: 'Podrás confirmar la asistencia cuando termine la campaña.',
  },
  // Organisations of recicladores: organisations, ECAs, routes, members and id cards
  'recycler-organization-not-found': { status: 404, message: 'No encontramos esa organización de recicladores.' },
  'recycler-nit-in-use': { status: 409, message: 'Ya existe una organización de recicladores con ese NIT.' },
  'recycler-point-not-eca': {
    status: 400,
    message: 'Ese punto no es una ECA activa: elige un punto de tipo «ECA» (estación de clasificación y aprovechamiento).',
  },
  'recycler-eca-taken': { status: 409, message: 'Esa ECA ya pertenece a otra organización de recicladores.' },
  'recycler-eca-not-found': { status: 404, message: 'Esa ECA no pertenece a esta organización.' },
  'recycler-coordinator-invalid': {
    status: 400,
    message:
      'El coordinador debe ser una cuenta activa de responsable de punto que gestione una ECA de esta organización.',
  },
  'recycler-coordinator-not-found': { status: 404, message: 'Esa persona no coordina esta organización.' },
  'recycler-area-not-found': { status: 404, message: 'No encontramos esa área de prestación en esta organización.' },
  'recycler-area-in-use': {
    status: 409,
    message: 'Esa área de prestación tiene ECAs o macrorutas: cámbialas de área antes de quitarla.',
  },
  'recycler-nuap-in-use': { status: 409, message: 'Esta organización ya tiene un área con ese NUAP.' },
  'recycler-route-not-found': { status: 404, message: 'No encontramos esa ruta en esta organización.' },
  'recycler-numacro-in-use': { status: 409, message: 'Esta organización ya tiene una macroruta con ese NUMACRO.' },
  'recycler-member-not-found': { status: 404, message: 'No encontramos ese miembro en esta organización.' },
  'recycler-member-duplicate': {
    status: 409,
    message: 'Ya hay un miembro con ese tipo y número de documento en esta organización.',
  },
  'recycler-member-account-not-found': {
    status: 400,
    message: 'No hay una cuenta activa con ese correo: el miembro puede registrarse o quedar sin cuenta.',
  },
  'recycler-card-not-found': { status: 404, message: 'Este carné no existe o el código está mal escrito.' },
  'recycler-eca-in-use': {
    status: 409,
    message: 'Esta ECA tiene tiquetes de báscula o ventas: no se puede desvincular (sus registros van al SUI).',
  },
  'recycler-scale-not-found': { status: 404, message: 'No encontramos esa báscula en esta organización.' },
  'recycler-scale-serial-in-use': { status: 409, message: 'Esta ECA ya tiene una báscula con ese serial.' },
  'recycler-scale-in-use': {
    status: 409,
    message: 'Esta báscula ya tiene tiquetes: no se puede borrar. Márcala como fuera de uso.',
  },
  'recycler-scale-expired': {
    status: 400,
    message: 'La verificación metrológica de esta báscula está vencida: renueva el certificado antes de pesar con ella.',
  },
  'recycler-ticket-not-found': { status: 404, message: 'No encontramos ese tiquete de báscula.' },
  'recycler-ticket-immutable': {
    status: 409,
    message: 'Este tiquete ya no se puede cambiar (está confirmado o anulado): corrígelo con un tiquete nuevo que lo anule.',
  },
  'recycler-ticket-pickup-invalid': {
    status: 400,
    message: 'Esa solicitud no se puede cerrar con este tiquete: debe ser de esta ECA, estar programada y no estar en otro tiquete.',
  },
  'recycler-sale-over-stock': { status: 400, message: 'La venta supera el inventario de la ECA.' },
  'sui-month-filed': {
    status: 409,
    message: 'Ese mes ya se reportó al SUI y está cerrado: las correcciones van en el archivo del mes siguiente.',
  },
  'sui-code-version-month-filed': {
    status: 409,
    message:
      'Una organización ya reportó al SUI ese mes o uno posterior: la nueva versión de los códigos debe empezar después del último mes reportado.',
  },
  'sui-preflight-failed': {
    status: 409,
    message: 'La revisión previa encontró datos que el validador del SUI rechazaría: corrígelos antes de cerrar el mes.',
  },
  'sui-month-open': { status: 400, message: 'Solo puedes cerrar un mes que ya empezó.' },
  'sui-organization-required': {
    status: 400,
    message: 'Elige la organización de recicladores (organization_id).',
  },
  'recycler-sale-not-found': { status: 404, message: 'No encontramos esa venta en esta organización.' },
  'recycler-sale-month-filed': {
    status: 409,
    message:
      'Esta venta es de un mes ya reportado al SUI y cerrado: no se puede corregir aquí. Registra la corrección en el archivo del mes siguiente.',
  },
  'recycler-sale-invoice-in-use': { status: 409, message: 'Esta organización ya registró una venta con ese número de factura.' },
  'recycler-pickup-not-found': {
    status: 404,
    message: 'No encontramos esa solicitud de recolección entre las de las ECAs de esta organización.',
  },
  'recycler-pickup-not-assignable': {
    status: 409,
    message: 'Solo se asignan solicitudes programadas que nadie ha visitado aún.',
  },
  'recycler-pickup-taken': { status: 409, message: 'Otra persona ya tomó esta solicitud.' },
  'recycler-member-inactive': {
    status: 400,
    message: 'Este miembro no está activo: no se le pueden asignar recolecciones.',
  },
  'recycler-stop-not-found': { status: 404, message: 'Esa parada no está en tu ruta.' },
  'recycler-stop-done': {
    status: 409,
    message: 'Esta parada ya se marcó de otra forma: pide a tu coordinador que la corrija.',
  },
  'recycler-stop-collected': {
    status: 409,
    message: 'Esta recolección ya se recogió: no se puede enviar otra visita.',
  },
  'recycler-stop-already-retried': {
    status: 409,
    message: 'Esta recolección ya tiene una visita pendiente: alguien más la envió de nuevo. Actualiza la lista.',
  },
  // Webhooks: the endpoints staff register for integrators
  'webhook-not-found': { status: 404, message: 'No encontramos ese webhook.' },
  'webhook-delivery-not-found': { status: 404, message: 'No encontramos ese envío del webhook.' },
  'webhook-url-refused': {
    status: 400,
    message:
      'No podemos enviar a esa dirección: debe ser https y de un servidor público en internet (no una dirección interna, privada o local).',
  },
  // Offline writes: the Idempotency-Key header of a retried write
  'idempotency-key-invalid': {
    status: 400,
    message: 'La clave de envío (Idempotency-Key) no es válida: usa entre 16 y 128 letras, números, guiones o guiones bajos.',
  },
  'idempotency-key-reused': {
    status: 422,
    message: 'Esta clave de envío ya se usó con otros datos. Vuelve a enviar el formulario.',
  },
  'idempotency-in-progress': {
    status: 409,
    message: 'Este envío todavía se está procesando. Espera un momento e inténtalo de nuevo.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERRORS, code);
}

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}
