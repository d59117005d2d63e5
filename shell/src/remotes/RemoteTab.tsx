import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { Spinner } from '@tht/ui';
import { registerRemote, type RemoteName } from './registry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

type RemoteModule = { default: ComponentType };

async function loadRemoteComponent(remote: RemoteName, exposed: string, retry: boolean): Promise<RemoteModule> {
  await registerRemote(remote, { force: retry });
  const module = await loadRemote<RemoteModule>(`${remote}/${exposed}`);
  if (!module?.default) throw new Error(`${remote}/${exposed} has no default export`);
  return module;
}

// One lazy component per exposed module for the page's life, so switching tabs does not reload it.
const components = new Map<string, LazyExoticComponent<ComponentType>>();

function remoteComponent(remote: RemoteName, exposed: string, retry: boolean) {
  const key = `${remote}/${exposed}`;
  let component = components.get(key);
  if (!component || retry) {
    component = lazy(() => loadRemoteComponent(remote, exposed, retry));
    components.set(key, component);
  }
  return component;
}

type RemoteTabProps = { remote: RemoteName; exposed: string; title: string };

/** A tab's content loaded at run time from its remote, isolated by an error boundary. */
export function RemoteTab({ remote, exposed, title }: RemoteTabProps) {
  const [attempt, setAttempt] = useState(0);
  const [RemoteComponent, setRemoteComponent] = useState(() => remoteComponent(remote, exposed, false));

  function retry() {
    setRemoteComponent(() => remoteComponent(remote, exposed, true));
    setAttempt((previous) => previous + 1);
  }

  return (
    <RemoteErrorBoundary key={attempt} title={title} onRetry={retry}>
      <Suspense fallback={<Spinner label={`Loading ${title}...`} />}>
        <RemoteComponent />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
