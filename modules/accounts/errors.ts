import { errorCatalogue, errorClassOf } from "../../lib/errors";

/**
 * Account error codes with their HTTP status and the texts shoppers see (spec: transactions.md §5
 * and §8 where it has them; the rest are ours, see docs/decisions/accounts-messages.md).
 */
export const ACCOUNT_ERRORS = errorCatalogue({
  400: {
    PASSWORD_CHANGE_FAILED: "Error: Change Unsuccessful.",
    UNSUBSCRIBE_TOKEN_MISSING: "No unsubscribe token found...",
  },
  401: {
    INVALID_CREDENTIALS: "Invalid email/password. Please try again.",
    INVALID_GOOGLE_TOKEN: "Invalid google token id.",
    NOT_SIGNED_IN: "Please log in to continue.",
  },
  403: {
    NOT_OWN_EMAIL: "You can only look up the email address you are signed in with.",
  },
  404: {
    NOT_REGISTERED: "You have not yet registered with us. Please register to continue.",
    GOOGLE_SIGN_IN_DISABLED: "Page not found",
    NO_SUBSCRIPTION: "No subscription found.",
  },
  409: {
    ALREADY_REGISTERED: "You have already registered with us. Please login to continue.",
    EMAIL_IN_USE: "That email address belongs to another account.",
  },
  410: {
    LINK_EXPIRED: "This link has expired or has already been used. Please request a new one.",
  },
  423: {
    ACCOUNT_LOCKED: "Your account has been temporarily locked. Please try again later or reset your password to unlock it.",
  },
});

export type AccountErrorCode = keyof typeof ACCOUNT_ERRORS;

export class AccountError extends errorClassOf(ACCOUNT_ERRORS) {}

/** Field validation texts (spec §5). */
export const FIELD_MESSAGES = {
  required: "Required field",
  email: "Please enter a valid email",
  passwordTooShort: "Password must be at least 8 characters",
  commonPassword: "This password is too common and easy to guess. Please choose another.",
  passwordTooLong: "Password must be at most 128 characters",
  passwordsDiffer: "Passwords should match",
  postcode: "Enter a valid postcode",
  tooLong: "Please use fewer characters",
  subscriptionEmailRequired: "Subscription email is required",
  subscriptionEmailInvalid: "Invalid Email. Please enter a valid email address",
} as const;

/** Success texts (spec §8). */
export const ACCOUNT_MESSAGES = {
  registered: "You have been successfully registered",
  passwordUpdated: "Password successfully updated",
  profileSaved: "Saved successfully! Your details were updated",
  // Same answer whether or not the email has an account (docs/decisions/security-account-enumeration.md).
  resetEmailSent: "If that email is registered, we have sent a link to choose a new password. It works for one hour.",
  unsubscribed: "You have been unsubscribed. You will no longer receive our deals by email.",
  subscribed: "Thanks! You're subscribed to our best deals by email.",
  accountDeleted: "Your account has been deleted. You have been signed out.",
  emailVerified: "Thank you, your email address is verified.",
  verificationSent: "We have sent a new link to verify your email address. It works for 7 days.",
} as const;
