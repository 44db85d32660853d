/** Id of the app's one Toaster. */
export const TOASTER_ID = 'chorus-toaster';
