import { VALID, invalid, isFilled, type ValidationResult } from './result.ts';

/** The AI part of user settings that the rule looks at. */
export interface AiSettingsInput {
  readonly consent_granted: boolean;
  readonly job_title: string;
  readonly goal: string;
}

/**
 * With consent granted both job title and goal are required (title key `ai.title`, message
 * `ai.incomplete`); without consent nothing is.
 */
export function validateAiSettings(input: AiSettingsInput): ValidationResult {
  if (!input.consent_granted) return VALID;
  return isFilled(input.job_title) && isFilled(input.goal) ? VALID : invalid('ai.incomplete');
}
