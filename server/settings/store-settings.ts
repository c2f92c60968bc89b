import { desc, eq, sql } from "drizzle-orm";
import { paiseToRupees, rupeesToPaise } from "../../contract/money";
import { DEFAULT_RETURN_DAYS } from "../../contract/returns-rules";
import { STORE } from "../../contract/store";
import {
  STORE_SETTING_NAMES,
  type SellerDetails,
  type StoreSettingChange,
  RUPEE_SETTINGS,
  type StoreSettingName,
  type StoreSettings,
  type StoreSettingsUpdate,
} from "../../contract/store-settings";
import { users } from "../accounts/accounts.tables";
import type { Config } from "../config";
import type { Database, Executor } from "../db/client";
import { storeSettingChanges, storeSettings } from "./settings.tables";

/** The settings as the store's services read them: money in paise. */
export type CurrentSettings = {
  delivery: { chargePaise: number; freeFromPaise: number };
  gst: { legalName: string; address: string; gstin: string };
  dispatchDays: number;
  care: { phone: string; email: string };
  grievanceOfficer: SellerDetails["grievanceOfficer"];
  cod: CodRules;
  /** The days after delivery a return may be asked for (decision 051). */
  returnDays: number;
  parcel: ParcelDefaults;
  /** What Meta charges per utility or authentication message, for the dashboard's estimate (decision 053). */
  whatsapp: { messageCostPaise: number };
};

/** Meta's utility price to India most often quoted for 2025 (₹0.115), rounded up to paise. */
export const DEFAULT_WHATSAPP_MESSAGE_COST_PAISE = 12;

/** The usual parcel handed to the courier (decision 050). */
export type ParcelDefaults = { weightGrams: number; lengthCm: number; widthCm: number; heightCm: number };

/** A folded kurta or Anarkali in a courier bag: half a kilo, 30 × 25 × 5 cm. */
export const DEFAULT_PARCEL: ParcelDefaults = { weightGrams: 500, lengthCm: 30, widthCm: 25, heightCm: 5 };

/** The owner's Cash on Delivery rules (decision 048), money in paise. */
export type CodRules = {
  maxOrderPaise: number;
  openOrders: number;
  confirmHours: number;
  /** A bag with a piece made to measure may be paid in cash. */
  customised: boolean;
  /** What paying in cash adds to the order; 0 for nothing. */
  feePaise: number;
  /** The prepaid nudge: what paying online takes off the order; 0 for nothing. */
  prepaidDiscountPaise: number;
};

/**
 * Cash on Delivery's first rules: orders up to ₹10,000, two on their way per shopper, 48 h to confirm, no fee,
 * no discount for paying online.
 */
export const DEFAULT_COD_RULES: CodRules = {
  maxOrderPaise: 10_000_00,
  openOrders: 2,
  confirmHours: 48,
  customised: false,
  feePaise: 0,
  prepaidDiscountPaise: 0,
};

/**
 * The grievance officer until the owner names one on the settings page: plainly a demo, like the demo GSTIN
 * (server/config.ts). The store's care phone and inbox (STORE_EMAIL) are customer care's first values.
 */
export const DEMO_GRIEVANCE_OFFICER = {
  name: "Lakshmi Rao (demo)",
  designation: "Grievance Officer",
  email: "grievance@rangoli.example",
  phone: STORE.phone,
} as const;

type Defaults = Pick<Config, "delivery" | "gst" | "dispatchDays" | "storeEmail">;

/** How long a process keeps what it read before reading again: another process's change shows within it. */
export const SETTINGS_CACHE_MS = 3_000;

/** The store's other processes, told of a change made here so that they read the settings again at once. */
export type SettingsPeers = {
  tell: () => void;
  onChange: (forget: () => void) => () => void;
};

/** A value as the table keeps it (paise) from the API's (rupees), and back. */
const stored = (name: StoreSettingName, value: string | number) =>
  RUPEE_SETTINGS.has(name) ? rupeesToPaise(value as number) : value;
const spoken = (name: StoreSettingName, value: string | number) =>
  RUPEE_SETTINGS.has(name) ? paiseToRupees(value as number) : value;

/** The first values, from the environment (server/config.ts), as the table would keep them. */
function defaultsOf(config: Defaults): Record<StoreSettingName, string | number> {
  return {
    deliveryCharge: config.delivery.chargePaise,
    freeDeliveryFrom: config.delivery.freeFromPaise,
    gstLegalName: config.gst.legalName,
    gstAddress: config.gst.address,
    gstin: config.gst.gstin,
    dispatchDays: config.dispatchDays,
    carePhone: STORE.phone,
    careEmail: config.storeEmail,
    grievanceOfficerName: DEMO_GRIEVANCE_OFFICER.name,
    grievanceOfficerDesignation: DEMO_GRIEVANCE_OFFICER.designation,
    grievanceOfficerEmail: DEMO_GRIEVANCE_OFFICER.email,
    grievanceOfficerPhone: DEMO_GRIEVANCE_OFFICER.phone,
    codMaxOrder: DEFAULT_COD_RULES.maxOrderPaise,
    codOpenOrders: DEFAULT_COD_RULES.openOrders,
    codConfirmHours: DEFAULT_COD_RULES.confirmHours,
    codCustomised: DEFAULT_COD_RULES.customised ? "yes" : "no",
    codFee: DEFAULT_COD_RULES.feePaise,
    prepaidDiscount: DEFAULT_COD_RULES.prepaidDiscountPaise,
    returnDays: DEFAULT_RETURN_DAYS,
    parcelWeightGrams: DEFAULT_PARCEL.weightGrams,
    parcelLengthCm: DEFAULT_PARCEL.lengthCm,
    parcelWidthCm: DEFAULT_PARCEL.widthCm,
    parcelHeightCm: DEFAULT_PARCEL.heightCm,
    whatsappMessageCost: DEFAULT_WHATSAPP_MESSAGE_COST_PAISE,
  };
}

/**
 * The shop's settings (decision 042): one service reads and changes them. `current()` answers from a copy
 * kept SETTINGS_CACHE_MS in each process; a change drops this process's copy at once and tells the others
 * through `peers` where there are any (a cluster's workers), else they see it when their copy ends.
 */
export function createStoreSettings({
  db,
  defaults: config,
  peers,
  onChanged,
  cacheMs = SETTINGS_CACHE_MS,
}: {
  db: Database;
  /** Told when this process learns of a change (its own or a peer's): pages that show a setting go. */
  onChanged?: () => void;
  defaults: Defaults;
  peers?: SettingsPeers;
  cacheMs?: number;
}) {
  const defaults = defaultsOf(config);
  let kept: { values: Record<StoreSettingName, string | number>; until: number } | undefined;
  /** Counts changes: a read begun before one is not kept. */
  let generation = 0;

  function forget() {
    generation += 1;
    kept = undefined;
    onChanged?.();
  }
  const stopListening = peers?.onChange(forget);

  async function read(executor: Executor): Promise<Record<StoreSettingName, string | number>> {
    const rows = await executor
      .select({ name: storeSettings.name, value: storeSettings.value })
      .from(storeSettings);
    const values = { ...defaults };
    for (const row of rows)
      if ((STORE_SETTING_NAMES as readonly string[]).includes(row.name))
        values[row.name as StoreSettingName] = row.value;
    return values;
  }

  /** The values as the table keeps them, from this process's copy while it lasts. */
  async function values(executor: Executor = db) {
    if (kept && kept.until > Date.now()) return kept.values;
    const since = generation;
    const fresh = await read(executor);
    if (since === generation) kept = { values: fresh, until: Date.now() + cacheMs };
    return fresh;
  }

  /**
   * The settings as they stand, typed for the services. Inside a transaction, pass it: a miss then reads
   * through it (PGlite has one connection).
   */
  async function current(executor?: Executor): Promise<CurrentSettings> {
    const v = await values(executor);
    return {
      delivery: { chargePaise: v.deliveryCharge as number, freeFromPaise: v.freeDeliveryFrom as number },
      gst: { legalName: v.gstLegalName as string, address: v.gstAddress as string, gstin: v.gstin as string },
      dispatchDays: v.dispatchDays as number,
      care: { phone: v.carePhone as string, email: v.careEmail as string },
      grievanceOfficer: {
        name: v.grievanceOfficerName as string,
        designation: v.grievanceOfficerDesignation as string,
        email: v.grievanceOfficerEmail as string,
        phone: v.grievanceOfficerPhone as string,
      },
      cod: {
        maxOrderPaise: v.codMaxOrder as number,
        openOrders: v.codOpenOrders as number,
        confirmHours: v.codConfirmHours as number,
        customised: v.codCustomised === "yes",
        feePaise: v.codFee as number,
        prepaidDiscountPaise: v.prepaidDiscount as number,
      },
      returnDays: v.returnDays as number,
      parcel: {
        weightGrams: v.parcelWeightGrams as number,
        lengthCm: v.parcelLengthCm as number,
        widthCm: v.parcelWidthCm as number,
        heightCm: v.parcelHeightCm as number,
      },
      whatsapp: { messageCostPaise: v.whatsappMessageCost as number },
    };
  }

  /** Who sells and whom to complain to, as every page shows them. */
  async function seller(executor?: Executor): Promise<SellerDetails> {
    const { gst, care, grievanceOfficer, returnDays } = await current(executor);
    return {
      legalName: gst.legalName,
      address: gst.address,
      gstin: gst.gstin,
      carePhone: care.phone,
      careEmail: care.email,
      grievanceOfficer,
      returnDays,
    };
  }

  /** The settings as the API speaks them (rupees). */
  async function forApi(executor?: Executor): Promise<StoreSettings> {
    const v = await values(executor);
    return Object.fromEntries(
      STORE_SETTING_NAMES.map((name) => [name, spoken(name, v[name])]),
    ) as StoreSettings;
  }

  /** The most recent changes, newest first. */
  async function history(limit = 50): Promise<StoreSettingChange[]> {
    const rows = await db
      .select({
        name: storeSettingChanges.name,
        from: storeSettingChanges.fromValue,
        to: storeSettingChanges.toValue,
        changedAt: storeSettingChanges.changedAt,
        userId: users.id,
        userName: users.fullName,
        email: users.email,
      })
      .from(storeSettingChanges)
      .innerJoin(users, eq(users.id, storeSettingChanges.changedBy))
      .orderBy(desc(storeSettingChanges.id))
      .limit(limit);
    return rows.map((row) => {
      const name = row.name as StoreSettingName;
      return {
        setting: name,
        from: spoken(name, row.from),
        to: spoken(name, row.to),
        changedBy: { id: row.userId, name: row.userName, email: row.email },
        changedAt: row.changedAt.toISOString(),
      };
    });
  }

  /**
   * Changes the settings the update names, each one that differs recorded from/to with who and when, in one
   * transaction that holds the settings' lock (so that two owners' changes record true "from" values). The
   * same update twice changes nothing the second time. Answers how many settings changed.
   */
  async function update(userId: number, changes: StoreSettingsUpdate): Promise<number> {
    const named = STORE_SETTING_NAMES.filter((name) => changes[name] !== undefined);
    const changed = await db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE store_settings IN SHARE ROW EXCLUSIVE MODE`);
      const before = await read(tx);
      let count = 0;
      for (const name of named) {
        const to = stored(name, changes[name]!);
        const from = before[name];
        if (from === to) continue;
        count += 1;
        await tx
          .insert(storeSettings)
          .values({ name, value: to, updatedBy: userId })
          .onConflictDoUpdate({
            target: storeSettings.name,
            set: { value: to, updatedBy: userId, updatedAt: sql`now()` },
          });
        await tx
          .insert(storeSettingChanges)
          .values({ name, fromValue: from, toValue: to, changedBy: userId });
      }
      return count;
    });
    if (changed > 0) {
      forget();
      peers?.tell();
    }
    return changed;
  }

  return { current, seller, forApi, history, update, forget, close: () => stopListening?.() };
}

export type StoreSettingsService = ReturnType<typeof createStoreSettings>;
