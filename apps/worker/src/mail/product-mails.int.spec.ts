import { newProduct, newUser } from '@mandi/database';
import { readCapturedMails } from '@mandi/mail';
import { runHandler, TEST_PUBLIC_URL, useAccountJobs } from '../accounts/testing/account-jobs.testing.js';
import { PRODUCT_MAIL_SUBJECTS } from './product-mails.js';
import { ProductUnlistedMailHandler } from './product-unlisted-mail.handler.js';

// The seller's mail when an admin unlists their product (issue 17), against the real database and the capture
// transport: the product's name and the admin's reason, escaped in the HTML version, and nothing once it is listed again.

const world = useAccountJobs();
const mailsTo = (email: string) => readCapturedMails(world.config.MAIL_CAPTURE_DIR, { to: email });
const handler = () => world.app.get(ProductUnlistedMailHandler);

let sellers = 0;
async function unlisted(reason: string, name = 'Desi Tamatar', username = `Seller_${++sellers}`) {
  const seller = await newUser(world.db.prisma, { username });
  const product = await newProduct(world.db.prisma, {
    sellerId: seller.id,
    name,
    unlistedAt: new Date(),
    unlistedReason: reason,
  });
  return { seller, product };
}

describe('mail.product_unlisted', () => {
  it("mails the seller the product's name, the admin's reason and a link to their profile", async () => {
    const { seller, product } = await unlisted(
      'The photos show mangoes, not tomatoes.\nPlease post your own photos.',
      'Desi Tamatar',
      'Ravi_Kisan',
    );
    await runHandler(world.db, handler(), { productId: product.id });

    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      subject: PRODUCT_MAIL_SUBJECTS.unlisted('Desi Tamatar'),
      from: world.config.MAIL_FROM,
    });
    expect(mail!.subject).toBe('Your product "Desi Tamatar" is unlisted on Mandi');
    expect(mail!.html).toContain('Hi Ravi_Kisan,');
    expect(mail!.html).toContain('<strong>Desi Tamatar</strong>');
    expect(mail!.html).toContain('The photos show mangoes, not tomatoes.\nPlease post your own photos.');
    expect(mail!.html).toContain(`<a href="${TEST_PUBLIC_URL}/profilepage" target="_blank"`);
    expect(mail!.text).toContain('Our team has taken your product "Desi Tamatar" off the Mandi shop.');
    expect(mail!.text).toContain(
      'The reason we gave:\n\nThe photos show mangoes, not tomatoes.\nPlease post your own photos.\n',
    );
    expect(mail!.text).toContain(`\n\n${TEST_PUBLIC_URL}/profilepage\n\n`);
  });

  it('escapes the name and the reason in the HTML version', async () => {
    const { seller, product } = await unlisted('<script>alert(1)</script>', '<b>Aam</b>');
    await runHandler(world.db, handler(), { productId: product.id });
    const [mail] = await mailsTo(seller.email);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<b>Aam</b>');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.text).toContain('<script>alert(1)</script>');
  });

  it('mails nothing for a product listed again before the job ran, or gone', async () => {
    const { seller, product } = await unlisted('Wrong category.');
    await world.db.prisma.product.update({
      where: { id: product.id },
      data: { unlistedAt: null, unlistedReason: null },
    });
    await runHandler(world.db, handler(), { productId: product.id });
    expect(await mailsTo(seller.email)).toEqual([]);
    await expect(runHandler(world.db, handler(), { productId: 99_999_999 })).resolves.toBeUndefined();
  });
});
