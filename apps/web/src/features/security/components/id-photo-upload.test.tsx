import { uploadIdPhoto } from '@agent-console/contract/real-name';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { ok, on, stubApi } from '../../../testing/fetch-stub';
import { IdPhotoUpload } from './id-photo-upload';

describe('IdPhotoUpload', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'notifyError').mockImplementation(() => undefined);
  });

  it('keeps its label on the tile once the photo is uploaded and shown', async () => {
    const calls = stubApi(on(uploadIdPhoto, () => ok({ fileId: 'f-1', url: '/api/realAuth/photo/f-1' })));
    const onChange = vi.fn();
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <IdPhotoUpload kind="front" label="身份证正面" onChange={onChange} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('身份证正面')).toBeTruthy();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'front.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('f-1'));
    expect(calls.filter((c) => c.path === uploadIdPhoto.path)).toHaveLength(1);
    expect(screen.getByRole('img', { name: '身份证正面' })).toBeTruthy();
    expect(screen.getByText('身份证正面', { selector: '.id-photo-caption' })).toBeTruthy();
  });
});
