import { newSellerProfile, newUser } from '@mandi/database';
import { readCapturedMails } from '@mandi/mail';
import { runHandler, TEST_PUBLIC_URL, useAccountJobs } from '../accounts/testing/account-jobs.testing.js';
import { ContactNotificationMailHandler } from './contact-notification-mail.handler.js';
import { PEOPLE_MAIL_SUBJECTS } from './people-mails.js';
import { SellerInviteMailHandler } from './seller-invite-mail.handler.js';
import { SellerProfileApprovedMailHandler, SellerProfileRejectedMailHandler } from './seller-profile-mail.handlers.js';

// The seller-invite and contact mails against the real database and the capture transport: who gets what, and
// nothing a person typed can become markup.

const world = useAccountJobs();
const mailsTo = (email: string) => readCapturedMails(world.config.MAIL_CAPTURE_DIR, { to: email });

async function interestedSeller(status: 'interested' | 'invited' | 'onboarded', username = 'Ravi_Kisan') {
  const user = await newUser(world.db.prisma);
  return world.db.prisma.interestedSeller.create({ data: { userId: user.id, username, email: user.email, status } });
}

describe('mail.seller_invite', () => {
  const handler = () => world.app.get(SellerInviteMailHandler);

  it('mails an invited seller the invite with a link to the sell page', async () => {
    const seller = await interestedSeller('invited');
    await runHandler(world.db, handler(), { interestedSellerId: seller.id });

    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ subject: PEOPLE_MAIL_SUBJECTS.sellerInvite, from: world.config.MAIL_FROM });
    expect(mail!.html).toContain('Hi Ravi_Kisan,');
    expect(mail!.html).toContain('>List my first product</a>');
    expect(mail!.html).toContain(`<a href="${TEST_PUBLIC_URL}/SellPage" target="_blank"`);
    expect(mail!.html).toContain('background-color:#2E7D32');
    expect(mail!.text).toContain('Hi Ravi_Kisan,');
    expect(mail!.text).toContain(`\n\n${TEST_PUBLIC_URL}/SellPage\n\n`);
  });

  it('mails nothing to a seller who is onboarded, not invited, or gone', async () => {
    const onboarded = await interestedSeller('onboarded');
    const interested = await interestedSeller('interested');
    for (const seller of [onboarded, interested]) {
      await runHandler(world.db, handler(), { interestedSellerId: seller.id });
      expect(await mailsTo(seller.email)).toEqual([]);
    }
    await expect(runHandler(world.db, handler(), { interestedSellerId: 99_999_999 })).resolves.toBeUndefined();
  });

  it('escapes the name in the HTML version', async () => {
    const seller = await interestedSeller('invited', '<img src=x onerror=alert(1)>');
    await runHandler(world.db, handler(), { interestedSellerId: seller.id });
    const [mail] = await mailsTo(seller.email);
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('Hi &lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;,');
  });
});

describe('mail.contact_notification', () => {
  const handler = () => world.app.get(ContactNotificationMailHandler);

  it("mails the message to the operators' inbox with the sender, the address to answer and the time in India", async () => {
    const message = await world.db.prisma.contactMessage.create({
      data: {
        name: 'Asha <b>Rao</b>',
        email: 'asha@example.in',
        message: 'Do you deliver to Mysuru?\n<script>alert(1)</script>',
        createdAt: new Date('2026-03-05T12:30:00.000Z'),
      },
    });
    await runHandler(world.db, handler(), { contactMessageId: message.id });

    const mails = await mailsTo(world.config.CONTACT_INBOX);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(world.config.CONTACT_INBOX).toBe('support@mandi.test');
    expect(mail!.subject).toBe('Contact form: Asha <b>Rao</b>');
    expect(mail!.html).toContain('Asha &lt;b&gt;Rao&lt;/b&gt;');
    expect(mail!.html).toContain('href="mailto:asha@example.in"');
    expect(mail!.html).toContain('2026-03-05 18:00:00 IST');
    expect(mail!.html).toContain('Do you deliver to Mysuru?\n&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.text).toContain(
      'From: Asha <b>Rao</b>\nE-mail: asha@example.in\nReceived: 2026-03-05 18:00:00 IST\n\nDo you deliver to Mysuru?\n<script>alert(1)</script>',
    );
  });

  it('mails nothing for a message that is gone', async () => {
    const before = (await mailsTo(world.config.CONTACT_INBOX)).length;
    await runHandler(world.db, handler(), { contactMessageId: 99_999_999 });
    expect(await mailsTo(world.config.CONTACT_INBOX)).toHaveLength(before);
  });
});

describe('mail.seller_profile_approved and mail.seller_profile_rejected', () => {
  /** A seller whose business profile an admin reviewed as `status`; sealed values are never read by the mails. */
  async function reviewedSeller(status: 'approved' | 'rejected', language = 'en') {
    const user = await newUser(world.db.prisma, { language });
    const admin = await newUser(world.db.prisma, { role: 'admin' });
    await newSellerProfile(world.db.prisma, user.id, {
      legalName: 'Asha <b>Rao</b> Farms',
      status,
      rejectionReason: status === 'rejected' ? 'The PAN card photo is blurred.' : null,
      reviewedBy: admin.id,
    });
    return user;
  }
  const approvedHandler = () => world.app.get(SellerProfileApprovedMailHandler);
  const rejectedHandler = () => world.app.get(SellerProfileRejectedMailHandler);

  it('tells an approved seller they are verified, with the link to their dashboard, naming no identifier', async () => {
    const seller = await reviewedSeller('approved');
    await runHandler(world.db, approvedHandler(), { userId: seller.id });
    const [mail, ...more] = await mailsTo(seller.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Mandi has verified your seller profile');
    expect(mail!.html).toContain('<strong>Asha &lt;b&gt;Rao&lt;/b&gt; Farms</strong>');
    expect(mail!.html).toContain(`<a href="${TEST_PUBLIC_URL}/seller-dashboard" target="_blank"`);
    expect(mail!.text).toContain('the business profile of Asha <b>Rao</b> Farms and approved it');
    expect(`${mail!.html}${mail!.text}`).not.toMatch(/234F|9012/);
  });

  it('tells a rejected seller why, in their language', async () => {
    const seller = await reviewedSeller('rejected', 'hi');
    await runHandler(world.db, rejectedHandler(), { userId: seller.id });
    const [mail] = await mailsTo(seller.email);
    expect(mail!.subject).toBe('मंडी पर आपकी विक्रेता प्रोफ़ाइल में सुधार चाहिए');
    expect(mail!.html).toContain('The PAN card photo is blurred.');
    expect(mail!.text).toContain('हमारी बताई वजह:\n\nThe PAN card photo is blurred.');
  });

  it('mails nothing once the seller has sent the profile again, or for the other outcome', async () => {
    const resent = await reviewedSeller('rejected');
    await world.db.prisma.sellerProfile.update({
      where: { userId: resent.id },
      data: { status: 'pending', rejectionReason: null, reviewedAt: null, reviewedBy: null },
    });
    await runHandler(world.db, rejectedHandler(), { userId: resent.id });
    const approved = await reviewedSeller('approved');
    await runHandler(world.db, rejectedHandler(), { userId: approved.id });
    expect([...(await mailsTo(resent.email)), ...(await mailsTo(approved.email))]).toEqual([]);
  });
});
