import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { createConversationStore } from './conversation-store.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const conversation = (id: string, tenantId: string | null, serviceUrl = 'https://smba.example/amer/') => ({
  conversationId: id,
  tenantId,
  aadObjectId: `aad-${id}`,
  serviceUrl,
  reference: { conversation: { id }, serviceUrl },
  locale: 'fr-CA',
});

describe('ConversationStore on the database', () => {
  it('stores, replaces, lists by tenant and removes conversations', async () => {
    const store = createConversationStore(database.handle.db);
    await store.upsert(conversation('a:1', 'tenant-1'));
    await store.upsert(conversation('a:2', 'tenant-1'));
    await store.upsert(conversation('b:1', 'tenant-2'));
    await store.upsert(conversation('a:1', 'tenant-1', 'https://smba.example/emea/'));

    const tenant1 = await store.listByTenant('tenant-1');
    expect(tenant1.map((c) => c.conversationId)).toEqual(['a:1', 'a:2']);
    expect(tenant1[0]).toEqual(conversation('a:1', 'tenant-1', 'https://smba.example/emea/'));

    await store.remove('a:2');
    expect((await store.listByTenant('tenant-1')).map((c) => c.conversationId)).toEqual(['a:1']);
    expect(await store.listByTenant('tenant-3')).toEqual([]);
  });
});
