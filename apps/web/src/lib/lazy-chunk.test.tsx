import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyComponent, useLoaded } from './lazy-chunk';

function Hello({ name }: { name: string }) {
  return <p>你好，{name}</p>;
}

/** A module promise settled from the test. */
function chunk() {
  let resolve: (component: typeof Hello) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<typeof Hello>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: vi.fn(() => promise), resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>出错：{String(this.state.error)}</p> : this.props.children;
  }
}

function Shown({
  component,
  wanted,
}: {
  component: ReturnType<typeof lazyComponent<{ name: string }>>;
  wanted: boolean;
}) {
  const Loaded = useLoaded(component, wanted);
  return Loaded ? <Loaded name="代理" /> : <p>占位</p>;
}

function Quiet({
  component,
  onFailure,
}: {
  component: ReturnType<typeof lazyComponent<{ name: string }>>;
  onFailure: (error: unknown) => void;
}) {
  const Loaded = useLoaded(component, true, onFailure);
  return Loaded ? <Loaded name="x" /> : <p>安静</p>;
}

describe('lazyComponent', () => {
  it('loads its chunk once, on the first render or preload, and tells when it is there', async () => {
    const module = chunk();
    const Lazy = lazyComponent(module.load);
    expect(module.load).not.toHaveBeenCalled();
    Lazy.preload();
    Lazy.preload();
    expect(module.load).toHaveBeenCalledTimes(1);
    expect(Lazy.loaded()).toBeUndefined();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Lazy name="代理" />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    await act(async () => module.resolve(Hello));
    expect(await screen.findByText('你好，代理')).toBeTruthy();
    expect(Lazy.loaded()).toBe(Hello);
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a chunk that did not come', async () => {
    const first = chunk();
    const load = vi.fn().mockImplementationOnce(first.load).mockResolvedValueOnce(Hello);
    const Lazy = lazyComponent<{ name: string }>(load);
    const failed = Lazy.load();
    first.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(Lazy.load()).resolves.toBe(Hello);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useLoaded', () => {
  it('draws what the screen gives until the component is wanted and there, without suspending', async () => {
    const module = chunk();
    const Lazy = lazyComponent(module.load);
    const { rerender } = render(<Shown component={Lazy} wanted={false} />);
    expect(screen.getByText('占位')).toBeTruthy();
    expect(module.load).not.toHaveBeenCalled();
    rerender(<Shown component={Lazy} wanted />);
    expect(module.load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('占位')).toBeTruthy();
    await act(async () => module.resolve(Hello));
    expect(screen.getByText('你好，代理')).toBeTruthy();
  });

  it('throws a chunk that did not come to the error boundary, or gives it to onFailure', async () => {
    const module = chunk();
    const Lazy = lazyComponent(module.load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Shown component={Lazy} wanted />
      </Boundary>,
    );
    await act(async () => module.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(screen.getByText(/出错：ChunkLoadError/)).toBeTruthy();

    const other = chunk();
    const onFailure = vi.fn();
    render(<Quiet component={lazyComponent(other.load)} onFailure={onFailure} />);
    await act(async () => other.reject(new Error('offline')));
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(screen.getByText('安静')).toBeTruthy();
  });
});
