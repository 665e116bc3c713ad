import { Test } from '@nestjs/testing';
import { DatabaseModule } from './database.module.js';
import { PrismaService } from './prisma.service.js';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';
import { newUser } from './testing/factories.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

test('DatabaseModule.forUrl gives the application a PrismaService of that database', async () => {
  await newUser(db.prisma, { username: 'from_factory' });
  const moduleRef = await Test.createTestingModule({ imports: [DatabaseModule.forUrl(db.url)] }).compile();
  await moduleRef.init();

  const usernames = await moduleRef.get(PrismaService).user.findMany({ select: { username: true } });
  await moduleRef.close();

  expect(usernames).toEqual([{ username: 'from_factory' }]);
});
