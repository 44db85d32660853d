/** Client calls of the admin console's posts (see contract/admin-posts.ts). */
import {
  AdminPost,
  AdminPostActionResponse,
  AdminPostAuthorsResponse,
  AdminPostListResponse,
  LinkPreviewResponse,
  PostImageResponse,
  type AdminPostActionRequest,
  type AdminPostInput,
  type AdminPostListQuery,
} from '../contract/admin-posts.ts';
import type { ApiClient } from './api-client.ts';

/** `GET /api/v1/admin/posts`: a page of the company's posts. */
export function listAdminPosts(client: ApiClient, query: AdminPostListQuery): Promise<AdminPostListResponse> {
  return client.call('GET /api/v1/admin/posts', AdminPostListResponse, { query: { ...query } });
}

/** `GET /api/v1/admin/posts/authors`: who wrote the company's posts. */
export function listAdminPostAuthors(client: ApiClient): Promise<AdminPostAuthorsResponse> {
  return client.call('GET /api/v1/admin/posts/authors', AdminPostAuthorsResponse);
}

/** `GET /api/v1/admin/posts/:id`: one post for the editor. */
export function getAdminPost(client: ApiClient, id: number): Promise<AdminPost> {
  return client.call('GET /api/v1/admin/posts/:id', AdminPost, { params: { id } });
}

/** `POST /api/v1/admin/posts` (a new draft) or `PUT /api/v1/admin/posts/:id` (an edit). */
export function saveAdminPost(client: ApiClient, id: number | null, input: AdminPostInput): Promise<AdminPost> {
  return id === null
    ? client.call('POST /api/v1/admin/posts', AdminPost, { body: input })
    : client.call('PUT /api/v1/admin/posts/:id', AdminPost, { params: { id }, body: input });
}

/** `POST /api/v1/admin/posts/images`: uploads one image (field `file`); the answer is its stored sizes. */
export function uploadPostImage(client: ApiClient, file: Blob): Promise<PostImageResponse> {
  const form = new FormData();
  form.append('file', file);
  return client.call('POST /api/v1/admin/posts/images', PostImageResponse, { body: form });
}

/** `POST /api/v1/admin/posts/link-preview`: the link's preview as members will see it (484 when it does not open). */
export function previewPostLink(client: ApiClient, url: string): Promise<LinkPreviewResponse> {
  return client.call('POST /api/v1/admin/posts/link-preview', LinkPreviewResponse, { body: { url } });
}

/** `POST /api/v1/admin/posts/actions`: publish, unpublish, expire, delete, restore or move posts. */
export function runAdminPostAction(client: ApiClient, input: AdminPostActionRequest): Promise<AdminPostActionResponse> {
  return client.call('POST /api/v1/admin/posts/actions', AdminPostActionResponse, { body: input });
}
