import { firstFailure, invalid, validateAvatarDimensions, validateAvatarSize, validateAvatarType, type ValidationResult } from '@chorus/core';

/**
 * Core's avatar rules on a chosen file before it is sent: type and size from the file, then
 * the pixel size once the browser has decoded it (a file it cannot decode is the wrong type).
 */
export async function checkAvatarFile(file: File): Promise<ValidationResult> {
  const early = firstFailure(validateAvatarType(file.name, file.type), validateAvatarSize(file.size));
  if (!early.ok) return early;
  try {
    const bitmap = await createImageBitmap(file);
    const result = validateAvatarDimensions(bitmap.width, bitmap.height);
    bitmap.close();
    return result;
  } catch {
    return invalid('avatar.type');
  }
}
