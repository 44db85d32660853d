import { AUTH_HEADER, CommentDeleteResponse, CommentListResponse, CommentSaveResponse, ErrorCode, PostResponse, Role } from '@chorus/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostRow, UserRow } from '../../db/schema.ts';
import { createTestContext, get, hostOf, post, type TestContext } from '../../test/app.ts';
import { buildCompany, buildPost, buildUser, sessionFor } from '../../test/factories.ts';
import { buildTenants, type Tenants } from '../../test/fixtures.ts';

let t: TestContext;
let f: Tenants;
let manager: UserRow;
let managerToken: string;
let p: Record<'open' | 'closed' | 'paged' | 'globex', PostRow>;

beforeAll(async () => {
  t = await createTestContext();
  f = await buildTenants(t.db);
  manager = await buildUser(t.db, [{ company: f.acme, role: Role.MANAGER }], { firstName: 'Mona', lastName: 'Manager' });
  managerToken = await sessionFor(t.db, manager);
  p = {
    open: await buildPost(t.db, f.acme, { title: 'Open' }),
    closed: await buildPost(t.db, f.acme, { title: 'Closed', commentsEnabled: false }),
    paged: await buildPost(t.db, f.acme, { title: 'Paged' }),
    globex: await buildPost(t.db, f.globex, { title: 'Globex' }),
  };
});
afterAll(() => t.close());

function del(url: string, token?: string, subdomain = 'acme'): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: hostOf(subdomain) };
  if (token) headers[AUTH_HEADER] = token;
  return t.app.inject({ method: 'DELETE', url, headers });
}
async function add(postRow: PostRow, content: string, token = f.tokens.acmeUser) {
  const res = await post(t.app, 'acme', `/api/v2/post/${postRow.id}/comment/new`, { content }, token);
  expect(res.statusCode).toBe(200);
  return CommentSaveResponse.parse(res.json());
}

describe('POST /api/v2/post/{postId}/comment/{id}', () => {
  it('adds a comment (id new) with its author, trimmed, not edited; the post counts it', async () => {
    const saved = await add(p.open, '  First!  ');
    expect(saved.comment).toMatchObject({ content: 'First!', edited: false, user: { id: f.acmeUser.id, full_name: 'Sam Rivera' } });
    expect(saved.comment.modified).toBe(saved.comment.created);
    expect(saved.comments.num_results).toBe(1);
    const shown = PostResponse.parse((await get(t.app, 'acme', `/api/v4/post/${p.open.id}`, f.tokens.acmeUser)).json());
    expect(shown.comments.num_results).toBe(1);
  });

  it('lets the author edit, marking it edited; others are refused (403)', async () => {
    const { comment } = await add(p.open, 'Draft');
    const edited = await post(t.app, 'acme', `/api/v2/post/${p.open.id}/comment/${comment.id}`, { content: 'Final' }, f.tokens.acmeUser);
    expect(edited.statusCode).toBe(200);
    const body = CommentSaveResponse.parse(edited.json());
    expect(body.comment).toMatchObject({ id: comment.id, content: 'Final', edited: true });
    expect(body.comment.modified).not.toBe(body.comment.created);
    const other = await post(t.app, 'acme', `/api/v2/post/${p.open.id}/comment/${comment.id}`, { content: 'Hijack' }, f.tokens.acmeAdmin);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe(ErrorCode.FORBIDDEN);
  });

  it.each([{ content: '' }, { content: '   \n ' }, { content: 42 }, {}, { content: 'x'.repeat(2001) }])('refuses an empty or invalid comment %j (201)', async (body) => {
    const res = await post(t.app, 'acme', `/api/v2/post/${p.open.id}/comment/new`, body, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('refuses comments on a post that turned them off, or in a company that did (403)', async () => {
    const res = await post(t.app, 'acme', `/api/v2/post/${p.closed.id}/comment/new`, { content: 'Hi' }, f.tokens.acmeUser);
    expect(res.statusCode).toBe(403);
    expect((await get(t.app, 'acme', `/api/v2/post/${p.closed.id}/comment`, f.tokens.acmeUser)).statusCode).toBe(403);
    const quiet = await buildCompany(t.db, { subdomain: 'nocomments', featureToggles: { ...f.acme.featureToggles, post_comments_enabled: false } });
    const user = await buildUser(t.db, [{ company: quiet }]);
    const quietPost = await buildPost(t.db, quiet);
    const off = await post(t.app, 'nocomments', `/api/v2/post/${quietPost.id}/comment/new`, { content: 'Hi' }, await sessionFor(t.db, user));
    expect(off.statusCode).toBe(403);
  });

  it('needs a session (401) and keeps other companies out (662)', async () => {
    expect((await post(t.app, 'acme', `/api/v2/post/${p.open.id}/comment/new`, { content: 'Hi' })).statusCode).toBe(401);
    const res = await post(t.app, 'globex', `/api/v2/post/${p.open.id}/comment/new`, { content: 'Hi' }, f.tokens.globexUser);
    expect(res.json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    expect((await get(t.app, 'globex', `/api/v2/post/${p.open.id}/comment`, f.tokens.globexUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
  });

  it('cannot edit a comment through another post', async () => {
    const { comment } = await add(p.open, 'Mine');
    const res = await post(t.app, 'acme', `/api/v2/post/${p.paged.id}/comment/${comment.id}`, { content: 'Moved' }, f.tokens.acmeUser);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/v2/post/{postId}/comment', () => {
  it('pages comments oldest first', async () => {
    for (let i = 0; i < 23; i += 1) await add(p.paged, `Comment ${i}`, i % 2 === 0 ? f.tokens.acmeUser : f.tokens.multi);
    const first = CommentListResponse.parse((await get(t.app, 'acme', `/api/v2/post/${p.paged.id}/comment?page_num=1`, f.tokens.acmeAdmin)).json());
    expect(first).toMatchObject({ num_results: 23, total_pages: 2, page_num: 1 });
    expect(first.objects.map((c) => c.content).slice(0, 3)).toEqual(['Comment 0', 'Comment 1', 'Comment 2']);
    const second = CommentListResponse.parse((await get(t.app, 'acme', `/api/v2/post/${p.paged.id}/comment?page_num=2`, f.tokens.acmeAdmin)).json());
    expect(second.objects.map((c) => c.content)).toEqual(['Comment 20', 'Comment 21', 'Comment 22']);
  });

  it.each(['page_num=0', 'page_num=x', 'results_per_page=101'])('refuses a bad page %s (201)', async (query) => {
    const res = await get(t.app, 'acme', `/api/v2/post/${p.paged.id}/comment?${query}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    expect((await get(t.app, 'acme', '/api/v2/post/abc/comment', f.tokens.acmeUser)).json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session (401) and keeps another company’s user out (401 on acme, 662 from globex)', async () => {
    const missing = await get(t.app, 'acme', `/api/v2/post/${p.paged.id}/comment`);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await get(t.app, 'acme', `/api/v2/post/${p.paged.id}/comment`, f.tokens.globexUser)).statusCode).toBe(401);
    expect((await get(t.app, 'globex', `/api/v2/post/${p.paged.id}/comment`, f.tokens.globexUser)).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
  });
});

describe('DELETE /api/v2/post/{postId}/comment/{id}', () => {
  it('deletes one’s own comment and refuses anyone else’s, even a manager’s here (403)', async () => {
    const { comment } = await add(p.open, 'Delete me');
    expect((await del(`/api/v2/post/${p.open.id}/comment/${comment.id}`, managerToken)).statusCode).toBe(403);
    const res = await del(`/api/v2/post/${p.open.id}/comment/${comment.id}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(200);
    const list = CommentListResponse.parse((await get(t.app, 'acme', `/api/v2/post/${p.open.id}/comment`, f.tokens.acmeUser)).json());
    expect(list.objects.map((c) => c.id)).not.toContain(comment.id);
    expect(CommentDeleteResponse.parse(res.json()).comments.num_results).toBe(list.num_results);
    expect((await del(`/api/v2/post/${p.open.id}/comment/${comment.id}`, f.tokens.acmeUser)).statusCode).toBe(404);
  });

  it.each(['abc', '0', 'new'])('refuses a bad comment id %s (201)', async (id) => {
    const res = await del(`/api/v2/post/${p.open.id}/comment/${id}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
  });

  it('needs a session (401) and keeps another company’s user out, leaving the comment', async () => {
    const { comment } = await add(p.open, 'Stays put');
    const missing = await del(`/api/v2/post/${p.open.id}/comment/${comment.id}`);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await del(`/api/v2/post/${p.open.id}/comment/${comment.id}`, f.tokens.globexUser)).statusCode).toBe(401);
    expect((await del(`/api/v2/post/${p.open.id}/comment/${comment.id}`, f.tokens.globexUser, 'globex')).json().error).toBe(ErrorCode.POST_UNAVAILABLE);
    const list = CommentListResponse.parse((await get(t.app, 'acme', `/api/v2/post/${p.open.id}/comment?results_per_page=100`, f.tokens.acmeUser)).json());
    expect(list.objects.map((c) => c.id)).toContain(comment.id);
  });
});

describe('DELETE /api/v2/manager/post/{postId}/comment/{id}', () => {
  it('lets a manager and an admin delete anyone’s comment', async () => {
    const first = await add(p.open, 'Rude');
    expect((await del(`/api/v2/manager/post/${p.open.id}/comment/${first.comment.id}`, managerToken)).statusCode).toBe(200);
    const second = await add(p.open, 'Rude again');
    expect((await del(`/api/v2/manager/post/${p.open.id}/comment/${second.comment.id}`, f.tokens.acmeAdmin)).statusCode).toBe(200);
  });

  it('needs a session (401) and a valid comment id (201)', async () => {
    const { comment } = await add(p.open, 'Moderate me later');
    const missing = await del(`/api/v2/manager/post/${p.open.id}/comment/${comment.id}`);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe(ErrorCode.NOT_SIGNED_IN);
    for (const url of [`/api/v2/manager/post/${p.open.id}/comment/abc`, `/api/v2/manager/post/abc/comment/${comment.id}`]) {
      const res = await del(url, managerToken);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ErrorCode.MISSING_OR_INCORRECT);
    }
    const list = CommentListResponse.parse((await get(t.app, 'acme', `/api/v2/post/${p.open.id}/comment?results_per_page=100`, f.tokens.acmeUser)).json());
    expect(list.objects.map((c) => c.id)).toContain(comment.id);
  });

  it('refuses a plain user (403), even for their own comment', async () => {
    const { comment } = await add(p.open, 'Mine');
    const res = await del(`/api/v2/manager/post/${p.open.id}/comment/${comment.id}`, f.tokens.acmeUser);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(ErrorCode.FORBIDDEN);
  });

  it('refuses a manager of another company: multi manages globex, not acme', async () => {
    const { comment } = await add(p.open, 'Acme only');
    // multi is a plain user in acme: refused on acme's host.
    expect((await del(`/api/v2/manager/post/${p.open.id}/comment/${comment.id}`, f.tokens.multi)).statusCode).toBe(403);
    // From globex's host, where multi manages, acme's post does not exist.
    const fromGlobex = await del(`/api/v2/manager/post/${p.open.id}/comment/${comment.id}`, f.tokens.multiGlobex, 'globex');
    expect(fromGlobex.json().error).toBe(ErrorCode.POST_UNAVAILABLE);
  });
});
