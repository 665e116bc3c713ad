import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '../test/i18n';
import { OfflineBanner } from './offline-banner';

function setDeviceOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('OfflineBanner', () => {
  it('says nothing while online, announces the offline text when the connection goes, and leaves when it is back', () => {
    renderInLanguage(<OfflineBanner />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    setDeviceOnline(false);
    expect(status).toHaveTextContent('You are offline. Showing pages you have already seen.');

    setDeviceOnline(true);
    expect(status).toBeEmptyDOMElement();
  });

  it('shows at once on a page opened without a connection, in Hindi for a Hindi reader', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderInLanguage(<OfflineBanner />, 'hi');

    expect(screen.getByRole('status')).toHaveTextContent('आप ऑफ़लाइन हैं। पहले देखे गए पेज ही दिखाए जा रहे हैं।');
  });
});
