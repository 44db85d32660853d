/**
 * The small subset of the Adaptive Cards schema that Chorus cards use. Teams renders up to 1.5 in
 * bot messages; Workflows webhooks render up to 1.4.
 */

/** Adaptive Card schema URL carried in every card's `$schema`. */
export const adaptiveCardSchema = 'http://adaptivecards.io/schemas/adaptive-card.json';

/** Attachment content type of an Adaptive Card. */
export const adaptiveCardContentType = 'application/vnd.microsoft.card.adaptive';

/** A text element. */
export interface TextBlock {
  type: 'TextBlock';
  text: string;
  wrap?: boolean;
  size?: 'small' | 'default' | 'medium' | 'large' | 'extraLarge';
  weight?: 'lighter' | 'default' | 'bolder';
  color?: 'default' | 'dark' | 'light' | 'accent' | 'good' | 'warning' | 'attention';
  isSubtle?: boolean;
  spacing?: 'none' | 'small' | 'default' | 'medium' | 'large';
  style?: 'default' | 'heading';
}

/** An image element. */
export interface ImageElement {
  type: 'Image';
  url: string;
  altText: string;
  size?: 'auto' | 'stretch' | 'small' | 'medium' | 'large';
}

/** A button that opens a URL. */
export interface OpenUrlAction {
  type: 'Action.OpenUrl';
  title: string;
  url: string;
}

/** A card element Chorus uses. */
export type CardElement = TextBlock | ImageElement;

/** An Adaptive Card. */
export interface AdaptiveCard {
  $schema: typeof adaptiveCardSchema;
  type: 'AdaptiveCard';
  version: '1.4' | '1.5';
  body: CardElement[];
  actions: OpenUrlAction[];
  /** Plain text shown where the card cannot be rendered. */
  fallbackText?: string;
}
