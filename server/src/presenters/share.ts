/**
 * Shares as the client sees them (core's ShareSummary), with the reason of a failed or
 * unconfirmed share in the person's language. The reasons are few and fixed, so they live
 * here in the four languages rather than in the web's namespaces: the server answers them.
 */
import { ErrorCode, isShareableNetwork, LANGUAGES, type Language, type ShareSummary } from '@chorus/core';
import type { ShareRow } from '../db/schema.ts';

/** Why a share is not (or not surely) published, as stored in shares.error_reason's kind. */
export type ShareReasonKind =
  | 'unconfirmed'
  | 'rate_limited'
  | 'retryable'
  | 'rejected'
  | 'duplicate'
  | 'relink'
  | 'processing'
  | 'intent_open'
  | 'not_published'
  | 'cancelled_post'
  | 'cancelled_network'
  | 'cancelled_member'
  | 'cancelled_link'
  | 'cancelled_caption'
  | 'cancelled_compliance';

const REASONS: Readonly<Record<Language, Readonly<Record<ShareReasonKind, string>>>> = {
  'en-US': {
    unconfirmed: 'The network did not confirm the post. Check your profile before sharing again: it may have been published.',
    rate_limited: 'The network is limiting posts right now. Please try again later.',
    retryable: 'The network could not be reached. Please try again later.',
    rejected: 'The network refused the post.',
    duplicate: 'The network says this was already posted.',
    relink: 'Your account needs to be linked again.',
    processing: 'Video Share in progress. The network is still processing the video.',
    intent_open: 'Waiting for you to finish the share on the network.',
    not_published: "The post was not found on the network.",
    cancelled_post: "The post is no longer available to share, so it was not published.",
    cancelled_network: "Sharing this post to the network is no longer allowed, so it was not published.",
    cancelled_member: "Your account can no longer share for this company, so it was not published.",
    cancelled_link: "The network is no longer linked, so it was not published. Link it again to share.",
    cancelled_caption: "The caption can no longer be shared as it is, so it was not published.",
    cancelled_compliance: "The caption contains words your company asks you to rephrase, so it was not published.",
  },
  'es-ES': {
    unconfirmed: 'La red no confirmó la publicación. Revisa tu perfil antes de volver a compartir: puede que se haya publicado.',
    rate_limited: 'La red está limitando las publicaciones en este momento. Inténtalo de nuevo más tarde.',
    retryable: 'No se pudo conectar con la red. Inténtalo de nuevo más tarde.',
    rejected: 'La red rechazó la publicación.',
    duplicate: 'La red indica que esto ya se publicó.',
    relink: 'Tienes que volver a vincular tu cuenta.',
    processing: 'Compartiendo el vídeo. La red todavía está procesando el vídeo.',
    intent_open: 'Esperando a que termines de compartir en la red.',
    not_published: "La publicación no está en la red.",
    cancelled_post: "La publicación ya no se puede compartir, así que no se publicó.",
    cancelled_network: "Ya no se permite compartir esta publicación en la red, así que no se publicó.",
    cancelled_member: "Tu cuenta ya no puede compartir para esta empresa, así que no se publicó.",
    cancelled_link: "La red ya no está vinculada, así que no se publicó. Vuelve a vincularla para compartir.",
    cancelled_caption: "El texto ya no se puede compartir tal como está, así que no se publicó.",
    cancelled_compliance: "El texto contiene palabras que tu empresa pide reformular, así que no se publicó.",
  },
  'fr-CA': {
    unconfirmed: "Le réseau n'a pas confirmé la publication. Vérifiez votre profil avant de partager de nouveau : elle a peut-être été publiée.",
    rate_limited: 'Le réseau limite les publications pour le moment. Veuillez réessayer plus tard.',
    retryable: "Le réseau n'a pas pu être joint. Veuillez réessayer plus tard.",
    rejected: 'Le réseau a refusé la publication.',
    duplicate: 'Le réseau indique que ce contenu a déjà été publié.',
    relink: 'Votre compte doit être lié de nouveau.',
    processing: 'Partage de la vidéo en cours. Le réseau traite encore la vidéo.',
    intent_open: 'En attente de la fin de votre partage sur le réseau.',
    not_published: "La publication est introuvable sur le réseau.",
    cancelled_post: "La publication n'est plus disponible pour le partage : elle n'a pas été publiée.",
    cancelled_network: "Le partage de cette publication sur ce réseau n'est plus permis : elle n'a pas été publiée.",
    cancelled_member: "Votre compte ne peut plus partager pour cette entreprise : la publication n'a pas été publiée.",
    cancelled_link: "Le réseau n'est plus lié : la publication n'a pas été publiée. Liez-le de nouveau pour partager.",
    cancelled_caption: "Le texte ne peut plus être partagé tel quel : la publication n'a pas été publiée.",
    cancelled_compliance: "Le texte contient des mots que votre entreprise demande de reformuler : la publication n'a pas été publiée.",
  },
  'de-DE': {
    unconfirmed: 'Das Netzwerk hat den Beitrag nicht bestätigt. Prüfen Sie Ihr Profil, bevor Sie erneut teilen: Er wurde möglicherweise veröffentlicht.',
    rate_limited: 'Das Netzwerk begrenzt gerade die Beiträge. Bitte versuchen Sie es später erneut.',
    retryable: 'Das Netzwerk war nicht erreichbar. Bitte versuchen Sie es später erneut.',
    rejected: 'Das Netzwerk hat den Beitrag abgelehnt.',
    duplicate: 'Laut dem Netzwerk wurde dies bereits gepostet.',
    relink: 'Ihr Konto muss erneut verknüpft werden.',
    processing: 'Das Video wird geteilt. Das Netzwerk verarbeitet das Video noch.',
    intent_open: 'Es wird gewartet, bis Sie das Teilen im Netzwerk abschließen.',
    not_published: "Der Beitrag ist im Netzwerk nicht zu finden.",
    cancelled_post: "Der Beitrag kann nicht mehr geteilt werden und wurde daher nicht veröffentlicht.",
    cancelled_network: "Das Teilen dieses Beitrags in diesem Netzwerk ist nicht mehr erlaubt; er wurde daher nicht veröffentlicht.",
    cancelled_member: "Ihr Konto kann für dieses Unternehmen nicht mehr teilen; der Beitrag wurde daher nicht veröffentlicht.",
    cancelled_link: "Das Netzwerk ist nicht mehr verknüpft; der Beitrag wurde daher nicht veröffentlicht. Verknüpfen Sie es erneut, um zu teilen.",
    cancelled_caption: "Der Text kann so nicht mehr geteilt werden; der Beitrag wurde daher nicht veröffentlicht.",
    cancelled_compliance: "Der Text enthält Wörter, die Ihr Unternehmen umformulieren lässt; der Beitrag wurde daher nicht veröffentlicht.",
  },
};

/** The reason a share cancelled at its time shows, from the code share now's checks refused it with. */
export function cancelledReason(code: number): ShareReasonKind {
  switch (code) {
    case ErrorCode.POST_UNAVAILABLE:
    case ErrorCode.POST_EXPIRED:
      return 'cancelled_post';
    case ErrorCode.LIBRARY_SHARING_DISABLED:
    case ErrorCode.NETWORK_DISABLED_FOR_POST:
      return 'cancelled_network';
    case ErrorCode.NETWORK_NOT_LINKED:
      return 'cancelled_link';
    case ErrorCode.REPHRASE:
      return 'cancelled_compliance';
    case ErrorCode.NO_CONTENT:
    case ErrorCode.TWITTER_TOO_LONG:
    case ErrorCode.LINKEDIN_TOO_LONG:
    case ErrorCode.MISSING_OR_INCORRECT:
      return 'cancelled_caption';
    default:
      return 'cancelled_member';
  }
}

function languageOf(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en-US';
}

/** The stored reason's kind: the part before the first colon (the rest is the network's detail). */
function reasonKind(stored: string | null): ShareReasonKind | null {
  if (stored === null) return null;
  const kind = stored.split(':', 1)[0] ?? '';
  return kind in REASONS['en-US'] ? (kind as ShareReasonKind) : 'rejected';
}

/** A stored reason: its kind, and the network's words for support (never shown as they are). */
export function storedReason(kind: ShareReasonKind, detail: string | null = null): string {
  return detail === null || detail === '' ? kind : `${kind}: ${detail.slice(0, 500)}`;
}

/** The failures a second try may get past: the network was down or limiting, the link was renewed, the person found it missing. */
const RETRYABLE_REASONS: ReadonlySet<ShareReasonKind> = new Set<ShareReasonKind>(['retryable', 'rate_limited', 'relink', 'not_published']);

/**
 * Whether a share may be retried: made through the network's API (an intent or a Facebook
 * profile reminder is never turned into one), and either failed for a reason a second try may
 * get past, or cancelled at delivery only because the network was no longer linked (the member
 * links it again and retries; the retry runs every share-now check again, so a share cancelled
 * for its post, caption, compliance or member stays cancelled).
 */
export function isRetryable(row: Pick<ShareRow, 'state' | 'method' | 'network' | 'pageId' | 'errorReason'>): boolean {
  if (row.method !== 'api') return false;
  if (row.network === 2 && row.pageId === null) return false;
  const kind = reasonKind(row.errorReason);
  if (row.state === 'cancelled') return kind === 'cancelled_link';
  return row.state === 'failed' && kind !== null && RETRYABLE_REASONS.has(kind);
}

/** A share for the client, its reason in the person's language. */
export function presentShare(row: ShareRow, language: string): ShareSummary {
  const kind = row.state === 'published' ? null : reasonKind(row.errorReason);
  if (!isShareableNetwork(row.network)) throw new Error(`share ${row.id} has network ${row.network}`);
  return {
    id: row.id,
    network_id: row.network,
    state: row.state,
    social_link: row.networkUrl,
    reason: kind === null ? null : REASONS[languageOf(language)][kind],
    retryable: isRetryable(row),
  };
}
