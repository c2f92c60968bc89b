import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Profile, UserSummary } from "../../contract/accounts";
import { ROLE, ROLE_NAMES, STAFF_ROLES, type RoleId, USER_GROUPS } from "../../contract/accounts-rules";
import type { Database } from "../db/client";
import { badRequest, notFound, unauthorized } from "../lib/errors";
import { ACCOUNTS_MESSAGES } from "./accounts-messages";
import { users } from "./accounts.tables";
import { hashSecret, verifySecret } from "./credentials";
import { revokeSessions, sessionUserOf } from "./sessions";

/** The demo store's accounts (embedded defaults only, never in production); the README lists them. */
export const DEMO_PASSWORD = "rangoli-demo-2026";
export const DEMO_ACCOUNTS = [
  { email: "owner@rangoli.example", fullName: "Meera Rao (demo owner)", roleId: ROLE.superAdmin },
  { email: "staff@rangoli.example", fullName: "Anita Verma (demo staff)", roleId: ROLE.admin },
  { email: "shopper@rangoli.example", fullName: "Priya Sharma (demo shopper)", roleId: ROLE.customer },
] as const;

const summaryColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  roleId: users.roleId,
  verifiedAt: users.verifiedAt,
  createdAt: users.createdAt,
};

type SummaryRow = {
  id: number;
  fullName: string;
  email: string;
  phone: string;
  roleId: number;
  verifiedAt: Date | null;
  createdAt: Date;
};

const toSummary = ({ verifiedAt, createdAt, ...row }: SummaryRow): UserSummary => ({
  ...row,
  roleId: row.roleId as RoleId,
  roleName: ROLE_NAMES[row.roleId as RoleId],
  verified: verifiedAt !== null,
  createdAt: createdAt.toISOString(),
});

/** A user's own profile, what the super admin does with accounts, and the accounts the store starts with. */
export function createAccountsService({ db }: { db: Database }) {
  async function getProfile(userId: number): Promise<Profile> {
    const [user] = await db
      .select({
        fullName: users.fullName,
        email: users.email,
        phone: users.phone,
        billingAddress: users.billingAddress,
        roleId: users.roleId,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw unauthorized(ACCOUNTS_MESSAGES.sessionMissing);
    return { ...user, ...sessionUserOf(user) };
  }

  async function listUsers(query: { group: (typeof USER_GROUPS)[number]; page: number; limit: number }) {
    const where =
      query.group === "staff" ? inArray(users.roleId, [...STAFF_ROLES]) : eq(users.roleId, ROLE.customer);
    const [rows, [total]] = await Promise.all([
      db
        .select(summaryColumns)
        .from(users)
        .where(where)
        .orderBy(users.roleId, desc(users.createdAt), desc(users.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ total: count() }).from(users).where(where),
    ]);
    return { users: rows.map(toSummary), total: total?.total ?? 0 };
  }

  /** Makes a user an admin or a customer again. The super admin's own role is not changed here. */
  async function setRole(userId: number, roleId: typeof ROLE.admin | typeof ROLE.customer) {
    const [updated] = await db
      .update(users)
      .set({ roleId })
      .where(and(eq(users.id, userId), ne(users.roleId, ROLE.superAdmin)))
      .returning(summaryColumns);
    if (updated) return toSummary(updated);
    const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!exists) throw notFound("User not found");
    throw badRequest("A super admin's role cannot be changed.");
  }

  /**
   * Creates the super admin of ADMIN_EMAIL, or makes that account a verified super admin. When the
   * password differs from the stored one it is replaced and the account's sessions end; a restart with
   * the same settings changes nothing.
   */
  async function ensureSuperAdmin({ email, password }: { email: string; password: string }) {
    const address = email.trim().toLowerCase();
    const [existing] = await db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, address));
    const samePassword = existing ? await verifySecret(existing.passwordHash, password) : false;
    const passwordHash = samePassword ? existing!.passwordHash : await hashSecret(password);
    await db.transaction(async (tx) => {
      if (!existing) {
        // Another process of the store, starting at the same time, may have just added it.
        await tx
          .insert(users)
          .values({
            email: address,
            fullName: "Store owner",
            phone: "",
            passwordHash,
            roleId: ROLE.superAdmin,
            verifiedAt: new Date(),
          })
          .onConflictDoNothing({ target: users.email });
        return;
      }
      await tx
        .update(users)
        .set({ passwordHash, roleId: ROLE.superAdmin, verifiedAt: sql`coalesce(${users.verifiedAt}, now())` })
        .where(eq(users.id, existing.id));
      if (!samePassword) await revokeSessions(tx, existing.id);
    });
  }

  /** Adds the demo accounts to a store that has no accounts yet. */
  async function seedDemoAccounts(): Promise<number> {
    const [existing] = await db.select({ total: count() }).from(users);
    if ((existing?.total ?? 0) > 0) return 0;
    const passwordHash = await hashSecret(DEMO_PASSWORD);
    // Another process of the store, starting at the same time, may have just added them.
    const added = await db
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((account) => ({
          ...account,
          phone: "9876543210",
          passwordHash,
          verifiedAt: new Date(),
        })),
      )
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    return added.length;
  }

  return { getProfile, listUsers, setRole, ensureSuperAdmin, seedDemoAccounts };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
