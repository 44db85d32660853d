/** Client calls of the content library's topics, bookmarks and subscriptions. */
import {
  FollowTopicResponse,
  SortOrder,
  UserTopicListResponse,
} from '../contract/topic.ts';
import { BookmarkResponse, SubscriptionResponse } from '../contract/post.ts';
import type { ApiClient } from './api-client.ts';

/** `GET /api/v2/user/category`: every topic of the company with the user's follow state. */
export function listUserTopics(client: ApiClient): Promise<UserTopicListResponse> {
  return client.call('GET /api/v2/user/category', UserTopicListResponse);
}

/** `GET /api/v2/user/category/search`: topics whose name contains `q`. */
export function searchUserTopics(client: ApiClient, q: string): Promise<UserTopicListResponse> {
  return client.call('GET /api/v2/user/category/search', UserTopicListResponse, { query: { q } });
}

/** `POST /api/v2/user/category`: follows a topic. */
export function followTopic(client: ApiClient, categoryId: number): Promise<FollowTopicResponse> {
  return client.call('POST /api/v2/user/category', FollowTopicResponse, { body: { category_id: categoryId } });
}

/** `DELETE /api/v2/user/category`: unfollows a topic (refused with 409 for a locked one). */
export function unfollowTopic(client: ApiClient, categoryId: number): Promise<FollowTopicResponse> {
  return client.call('DELETE /api/v2/user/category', FollowTopicResponse, { body: { category_id: categoryId } });
}

/** `GET /api/v2/user/category/sort-order`: the followed topics' ids in the user's order. */
export function getTopicSortOrder(client: ApiClient): Promise<SortOrder> {
  return client.call('GET /api/v2/user/category/sort-order', SortOrder);
}

/** `POST /api/v2/user/category/sort-order`: saves the order of the followed topics. */
export function saveTopicSortOrder(client: ApiClient, sortOrder: readonly number[]): Promise<SortOrder> {
  return client.call('POST /api/v2/user/category/sort-order', SortOrder, { body: { sort_order: sortOrder } });
}

/** `POST` or `DELETE /api/v2/post/{id}/bookmark`: bookmarks (and subscribes) or the reverse. */
export function setBookmark(client: ApiClient, postId: number, bookmarked: boolean): Promise<BookmarkResponse> {
  return client.call(bookmarked ? 'POST /api/v2/post/:id/bookmark' : 'DELETE /api/v2/post/:id/bookmark', BookmarkResponse, { params: { id: postId } });
}

/** `POST /api/v2/post/{id}/notification/subscribe` or `unsubscribe`. */
export function setPostSubscription(client: ApiClient, postId: number, subscribed: boolean): Promise<SubscriptionResponse> {
  const key = subscribed ? 'POST /api/v2/post/:id/notification/subscribe' : 'POST /api/v2/post/:id/notification/unsubscribe';
  return client.call(key, SubscriptionResponse, { params: { id: postId }, body: {} });
}
