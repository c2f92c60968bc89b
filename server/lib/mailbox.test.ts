import { describe, expect, it } from "vitest";
import { mailboxOf } from "./mailbox";

describe("mailboxOf", () => {
  it.each([
    ["Victim@Example.in", "victim@example.in"],
    ["victim+1@example.in", "victim@example.in"],
    ["victim+shop+2@example.in", "victim@example.in"],
    ["v.i.c.t.i.m+x@googlemail.com", "victim@gmail.com"],
    ["V.ictim@GMAIL.com", "victim@gmail.com"],
    ["first.last@example.in", "first.last@example.in"],
    ["victim-shop@yahoo.co.in", "victim@yahoo.co.in"],
    ["first-last@example.in", "first-last@example.in"],
    ["not an address", "not an address"],
  ])("%s is the inbox %s", (email, mailbox) => {
    expect(mailboxOf(email)).toBe(mailbox);
  });
});
