import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  createUser,
  createUserAndLogin,
  freshIp,
  getMe,
  login,
  post,
} from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";
import { createAccountsService, DEMO_ACCOUNTS, DEMO_PASSWORD } from "./accounts.service";

let app: FastifyInstance;
let close: () => Promise<void>;
let owner: { id: number; token: string };
let admin: { id: number; token: string };
let customer: { id: number; token: string };

beforeAll(async () => {
  ({ app, close } = await createTestApp({
    admin: { email: "Owner@Rangoli.example", password: "first-owner-password" },
  }));
  owner = await createUserAndLogin(app, 1);
  admin = await createUserAndLogin(app, 2);
  customer = await createUserAndLogin(app, 3);
});
afterAll(() => close());

const listUsers = (query: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: `/api/users/get-users${query}`, headers, remoteAddress: freshIp() });
const updateRole = (body: unknown, headers: Record<string, string> = {}) =>
  post(app, "/api/users/update-role", body, headers);

describe("the super admin's calls", () => {
  it("answer 401 without a session and 403 to a customer or an admin, whatever the input", async () => {
    for (const call of [
      (h: Record<string, string>) => listUsers("?group=staff", h),
      (h: Record<string, string>) => listUsers("?page=0", h),
      (h: Record<string, string>) => updateRole({ userId: customer.id, roleId: 2 }, h),
    ]) {
      expect((await call({})).statusCode).toBe(401);
      expect((await call(bearer(customer.token))).statusCode).toBe(403);
      expect((await call(bearer(admin.token))).statusCode).toBe(403);
    }
    const refused = await updateRole({ userId: customer.id, roleId: 2 }, bearer(admin.token));
    expect(refused.json()).toEqual({ code: 403, message: "You do not have access to this." });
    expect((await getMe(app, bearer(customer.token))).json().data[0].roleId).toBe(3);
  });

  it("list staff and customers, with paging", async () => {
    const staff = await listUsers("?group=staff", bearer(owner.token));
    expect(staff.statusCode).toBe(200);
    const staffRoles = staff.json().data.map((user: { roleId: number }) => user.roleId);
    expect(new Set(staffRoles)).toEqual(new Set([1, 2]));
    expect(staff.json().data[0]).toMatchObject({ roleId: 1, roleName: "Admin", verified: true });

    await createUser(app, 3);
    const customers = await listUsers("?group=customers&limit=1&page=2", bearer(owner.token));
    expect(customers.json().data).toHaveLength(1);
    expect(customers.json().data[0].roleId).toBe(3);
    expect(customers.json().pagination).toEqual({ page: 2, limit: 1, total: 2 });
    expect(JSON.stringify(customers.json())).not.toContain("passwordHash");
  });

  it("make a customer an admin and take it back, effective on the user's open session", async () => {
    const promoted = await updateRole({ userId: customer.id, roleId: 2 }, bearer(owner.token));
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({
      code: 200,
      message: "Role 3 person is now an admin.",
      data: { roleId: 2 },
    });
    expect((await getMe(app, bearer(customer.token))).json().data[0].roleId).toBe(2);

    const demoted = await updateRole({ userId: customer.id, roleId: 3 }, bearer(owner.token));
    expect(demoted.json().message).toBe("Role 3 person is now a customer.");
    expect((await getMe(app, bearer(customer.token))).json().data[0].roleId).toBe(3);
  });

  it("refuse to change a super admin, an unknown user or to a role other than 2 and 3", async () => {
    const self = await updateRole({ userId: owner.id, roleId: 3 }, bearer(owner.token));
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("A super admin's role cannot be changed.");
    expect((await updateRole({ userId: 999_999, roleId: 2 }, bearer(owner.token))).statusCode).toBe(404);
    const toOwner = await updateRole({ userId: customer.id, roleId: 1 }, bearer(owner.token));
    expect(toOwner.statusCode).toBe(400);
    expect(toOwner.json().message).toBe("A user can be made an admin (2) or a customer (3)");
    expect((await updateRole({ userId: "abc", roleId: 2 }, bearer(owner.token))).json().message).toBe(
      "Invalid user ID",
    );
  });
});

describe("ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  it("create a verified super admin at start", async () => {
    const token = await login(app, "owner@rangoli.example", "first-owner-password");
    expect((await getMe(app, bearer(token))).json().data[0]).toMatchObject({
      roleId: 1,
      roleName: "Admin",
    });
  });

  it("create it once when several processes start at the same time (STORE_PROCESSES)", async () => {
    const accounts = createAccountsService({ db: app.services.db });
    const owner = { email: "second.owner@rangoli.example", password: "second-owner-password" };
    await Promise.all([accounts.ensureSuperAdmin(owner), accounts.ensureSuperAdmin(owner)]);
    const token = await login(app, owner.email, owner.password);
    expect((await getMe(app, bearer(token))).json().data[0]).toMatchObject({ roleId: 1 });
  });
});

describe("the demo accounts", () => {
  it("are added once when several processes start at the same time", async () => {
    const demo = await createTestApp();
    try {
      const accounts = createAccountsService({ db: demo.app.services.db });
      const added = await Promise.all([accounts.seedDemoAccounts(), accounts.seedDemoAccounts()]);
      expect(added[0] + added[1]).toBe(DEMO_ACCOUNTS.length);
      const token = await login(demo.app, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
      expect((await getMe(demo.app, bearer(token))).json().data[0]).toMatchObject({ roleId: 1 });
    } finally {
      await demo.close();
    }
  });
});
