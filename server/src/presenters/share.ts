/**
 * Shares as the client sees them (core's ShareSummary), with the reason of a failed or
 * unconfirmed share in the person's language. The reasons are few and fixed, so they live
 * here in the four languages rather than in the web's namespaces: the server answers them.
 */
import { isShareableNetwork, LANGUAGES, type Language, type ShareSummary } from '@chorus/core';
import type { ShareRow } from '../db/schema.ts';

/** Why a share is not (or not surely) published, as stored in shares.error_reason's kind. */
export type ShareReasonKind = 'unconfirmed' | 'rate_limited' | 'retryable' | 'rejected' | 'duplicate' | 'relink' | 'processing' | 'intent_open';

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
  },
};

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
  };
}
