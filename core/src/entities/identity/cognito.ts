import { randomInt } from "node:crypto";
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { clientOptions, coreConfig } from "../../config";
import { ConflictError } from "../../error";

/** The few Cognito administration calls the product makes: inviting and removing users. */
let client: CognitoIdentityProviderClient | undefined;
const cognito = () =>
  (client ??= new CognitoIdentityProviderClient(clientOptions(coreConfig().endpoints.cognito)));

/**
 * Creates the sign-in for an invited user. Cognito mails the temporary password;
 * the user sets their own at first sign-in. Returns the new subject.
 */
export async function inviteUser(email: string): Promise<string> {
  try {
    const out = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: coreConfig().cognito.userPoolId,
        Username: email,
        DesiredDeliveryMediums: ["EMAIL"],
        UserAttributes: [
          { Name: "email", Value: email },
          { Name: "email_verified", Value: "true" },
        ],
      }),
    );
    const sub = out.User?.Attributes?.find((a) => a.Name === "sub")?.Value ?? out.User?.Username;
    if (!sub) throw new Error("Cognito returned no subject for the invited user");
    return sub;
  } catch (err) {
    if ((err as { name?: string }).name === "UsernameExistsException") {
      throw new ConflictError("user.email_exists", "このメールアドレスは既に登録されています。");
    }
    throw err;
  }
}

/**
 * Sends an invited user's invitation again, as Cognito does it: AdminCreateUser with
 * MessageAction RESEND mails a new temporary password (the old one stops working).
 * cognito-local does not implement RESEND; there the same effect is made by setting a
 * new temporary password, which its mail page shows as the invitation.
 */
export async function resendInvitation(email: string): Promise<void> {
  const UserPoolId = coreConfig().cognito.userPoolId;
  try {
    await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: email,
        MessageAction: "RESEND",
        DesiredDeliveryMediums: ["EMAIL"],
      }),
    );
  } catch (err) {
    if (!(err as { name?: string }).name?.includes("Unsupported")) throw err;
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId,
        Username: email,
        Password: temporaryPassword(),
        Permanent: false,
      }),
    );
  }
}

/** A temporary password with every character class a pool's policy may ask for. */
function temporaryPassword(): string {
  const sets = ["ABCDEFGHJKLMNPQRSTUVWXYZ", "abcdefghijkmnpqrstuvwxyz", "23456789", "!#$%&*+-=?@"];
  const pick = (set: string) => set[randomInt(set.length)]!;
  return [...sets.map(pick), ...Array.from({ length: 8 }, () => pick(sets.join("")))].join("");
}

export async function deleteUser(subject: string): Promise<void> {
  try {
    await cognito().send(
      new AdminDeleteUserCommand({ UserPoolId: coreConfig().cognito.userPoolId, Username: subject }),
    );
  } catch (err) {
    if ((err as { name?: string }).name !== "UserNotFoundException") throw err;
  }
}

/** The subject of the sign-in with this e-mail (sign-ins are named by their e-mail), if any. */
export async function subjectOfEmail(email: string): Promise<string | undefined> {
  try {
    const out = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: coreConfig().cognito.userPoolId, Username: email }),
    );
    return out.UserAttributes?.find((a) => a.Name === "sub")?.Value ?? out.Username;
  } catch (err) {
    if ((err as { name?: string }).name === "UserNotFoundException") return undefined;
    throw err;
  }
}
