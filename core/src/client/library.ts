/** Client calls of the content library's topics, bookmarks and subscriptions. */
import {
  FollowCategoryResponse,
  SortOrder,
  UserCategoryListResponse,
} from '../contract/category.ts';
import { BookmarkResponse, SubscriptionResponse } from '../contract/post.ts';
import type { ApiClient } from './api-client.ts';

/** `GET /api/v2/user/category`: every topic of the company with the user's follow state. */
export function listUserCategories(client: ApiClient): Promise<UserCategoryListResponse> {
  return client.getJson('v2', 'user/category', UserCategoryListResponse);
}

/** `GET /api/v2/user/category/search`: topics whose name contains `q`. */
export function searchUserCategories(client: ApiClient, q: string): Promise<UserCategoryListResponse> {
  return client.getJson('v2', 'user/category/search', UserCategoryListResponse, { q });
}

/** `POST /api/v2/user/category`: follows a topic. */
export function followCategory(client: ApiClient, categoryId: number): Promise<FollowCategoryResponse> {
  return client.postJson('v2', 'user/category', FollowCategoryResponse, { category_id: categoryId });
}

/** `DELETE /api/v2/user/category`: unfollows a topic (refused with 409 for a locked one). */
export function unfollowCategory(client: ApiClient, categoryId: number): Promise<FollowCategoryResponse> {
  return client.request('DELETE', { version: 'v2', path: 'user/category', body: { category_id: categoryId }, schema: FollowCategoryResponse });
}

/** `GET /api/v2/user/category/sort-order`: the followed topics' ids in the user's order. */
export function getCategorySortOrder(client: ApiClient): Promise<SortOrder> {
  return client.getJson('v2', 'user/category/sort-order', SortOrder);
}

/** `POST /api/v2/user/category/sort-order`: saves the order of the followed topics. */
export function saveCategorySortOrder(client: ApiClient, sortOrder: readonly number[]): Promise<SortOrder> {
  return client.postJson('v2', 'user/category/sort-order', SortOrder, { sort_order: sortOrder });
}

/** `POST` or `DELETE /api/v2/post/{id}/bookmark`: bookmarks (and subscribes) or the reverse. */
export function setBookmark(client: ApiClient, postId: number, bookmarked: boolean): Promise<BookmarkResponse> {
  return client.request(bookmarked ? 'POST' : 'DELETE', { version: 'v2', path: `post/${postId}/bookmark`, schema: BookmarkResponse });
}

/** `POST /api/v2/post/{id}/notification/subscribe` or `unsubscribe`. */
export function setPostSubscription(client: ApiClient, postId: number, subscribed: boolean): Promise<SubscriptionResponse> {
  return client.postJson('v2', `post/${postId}/notification/${subscribed ? 'subscribe' : 'unsubscribe'}`, SubscriptionResponse, {});
}
