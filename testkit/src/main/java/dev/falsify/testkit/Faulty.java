package dev.falsify.testkit;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.FilterReader;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Wrappers that put a {@link FaultPlan} in front of a port: any interface (a dynamic proxy), and the
 * common ports of plain Java (streams, readers, writers, tasks). Each call the plan applies to is
 * counted before it reaches the real implementation; a faulted call throws (or is delayed) and never
 * reaches it.
 */
public final class Faulty {
    private static final Class<?>[] IO = {IOException.class};
    private static final Class<?>[] CALLABLE = {Exception.class};
    private static final Class<?>[] NONE = {};

    private Faulty() {
    }

    /**
     * {@code impl} behind {@code plan}, as {@code iface}. The plan sees each interface method by name;
     * {@code equals}, {@code hashCode} and {@code toString} pass through to {@code impl} uncounted
     * (and two wrappers of equal implementations are equal). {@code iface} may be package-private or
     * private (a port declared in a test class): its methods are made accessible to the proxy once,
     * here; in a named module that does not open its package to the testkit this fails at once with
     * a message saying so, never later on a call.
     */
    @SuppressWarnings("unchecked")
    public static <T> T wrap(Class<T> iface, T impl, FaultPlan plan) {
        if (!iface.isInterface()) {
            throw new IllegalArgumentException(iface.getName() + " is not an interface: Faulty.wrap proxies interfaces only");
        }
        if (impl == null || plan == null) throw new NullPointerException("impl and plan are required");
        return (T) Proxy.newProxyInstance(iface.getClassLoader(), new Class<?>[] {iface}, new Handler(impl, plan, opened(iface, impl)));
    }

    /**
     * The methods of {@code iface} this class may not call as they are — those of an interface that
     * is not public, the usual case for a port declared in a test — made accessible, each keyed by
     * itself (the proxy hands the handler equal {@link Method} objects of its own); empty when every
     * method is public, so the common case costs nothing per call.
     */
    private static Map<Method, Method> opened(Class<?> iface, Object impl) {
        Map<Method, Method> opened = new HashMap<>();
        for (Method m : iface.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) || m.canAccess(impl)) continue;
            if (!m.trySetAccessible()) {
                throw new IllegalArgumentException(iface.getName() + "." + m.getName() + " cannot be called by Faulty.wrap: "
                        + m.getDeclaringClass().getModule() + " does not open " + m.getDeclaringClass().getPackageName()
                        + " to the testkit (add an 'opens' clause, or make the interface public)");
            }
            opened.put(m, m);
        }
        return opened.isEmpty() ? Map.of() : Map.copyOf(opened);
    }

    /**
     * @param opened the interface's methods made accessible ({@link #opened}); a method not in it is
     *               public and called as the proxy passes it
     */
    private record Handler(Object impl, FaultPlan plan, Map<Method, Method> opened) implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> impl.equals(unwrap(args[0]));
                    case "hashCode" -> impl.hashCode();
                    default -> impl.toString();
                };
            }
            try {
                plan.beforeCall(method);
            } catch (InterruptedException e) {
                // an injected delay was interrupted: keep the flag, and never let the proxy wrap it as undeclared
                Thread.currentThread().interrupt();
                for (Class<?> d : method.getExceptionTypes()) {
                    if (d.isInstance(e)) throw e;
                }
                throw new InjectedFault("interrupted during an injected delay of " + method.getName(), e);
            }
            Method target = opened.isEmpty() ? method : opened.getOrDefault(method, method);
            try {
                return target.invoke(impl, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();   // the implementation's own exception, as it threw it
            }
        }

        private static Object unwrap(Object o) {
            if (o != null && Proxy.isProxyClass(o.getClass()) && Proxy.getInvocationHandler(o) instanceof Handler h) {
                return h.impl;
            }
            return o;
        }
    }

    /** Counts {@code read}, {@code skip}, {@code available} and {@code close}; a read of a byte array is one call. */
    public static InputStream inputStream(InputStream in, FaultPlan plan) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                io(plan, "read");
                return super.read();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                io(plan, "read");
                return in.read(b, off, len);
            }

            @Override
            public long skip(long n) throws IOException {
                io(plan, "skip");
                return super.skip(n);
            }

            @Override
            public int available() throws IOException {
                io(plan, "available");
                return super.available();
            }

            @Override
            public void close() throws IOException {
                io(plan, "close");
                super.close();
            }
        };
    }

    /** Counts {@code write}, {@code flush} and {@code close}; a write of a byte array is one call. */
    public static OutputStream outputStream(OutputStream out, FaultPlan plan) {
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                io(plan, "write");
                out.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                io(plan, "write");
                out.write(b, off, len);   // FilterOutputStream would write byte by byte
            }

            @Override
            public void flush() throws IOException {
                io(plan, "flush");
                out.flush();
            }

            @Override
            public void close() throws IOException {
                io(plan, "close");
                super.close();
            }
        };
    }

    /** Counts {@code read}, {@code skip}, {@code ready} and {@code close}. */
    public static Reader reader(Reader in, FaultPlan plan) {
        return new FilterReader(in) {
            @Override
            public int read() throws IOException {
                io(plan, "read");
                return in.read();
            }

            @Override
            public int read(char[] cbuf, int off, int len) throws IOException {
                io(plan, "read");
                return in.read(cbuf, off, len);
            }

            @Override
            public long skip(long n) throws IOException {
                io(plan, "skip");
                return in.skip(n);
            }

            @Override
            public boolean ready() throws IOException {
                io(plan, "ready");
                return in.ready();
            }

            @Override
            public void close() throws IOException {
                io(plan, "close");
                in.close();
            }
        };
    }

    /** Counts {@code write} (chars, arrays and strings alike), {@code flush} and {@code close}. */
    public static Writer writer(Writer out, FaultPlan plan) {
        return new FilterWriter(out) {
            @Override
            public void write(int c) throws IOException {
                io(plan, "write");
                out.write(c);
            }

            @Override
            public void write(char[] cbuf, int off, int len) throws IOException {
                io(plan, "write");
                out.write(cbuf, off, len);
            }

            @Override
            public void write(String str, int off, int len) throws IOException {
                io(plan, "write");
                out.write(str, off, len);
            }

            @Override
            public void flush() throws IOException {
                io(plan, "flush");
                out.flush();
            }

            @Override
            public void close() throws IOException {
                io(plan, "close");
                out.close();
            }
        };
    }

    /** Counts {@code call}; any exception fits {@link Callable#call}, so a checked error is thrown as is. */
    public static <T> Callable<T> callable(Callable<T> task, FaultPlan plan) {
        return () -> {
            try {
                plan.beforeCall("call", CALLABLE);
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new InjectedFault(t.toString(), t);   // not reachable: Exception covers every checked type
            }
            return task.call();
        };
    }

    /** Counts {@code run}; a checked error is the cause of an {@link InjectedFault}. */
    public static Runnable runnable(Runnable task, FaultPlan plan) {
        return () -> {
            unchecked(plan, "run");
            task.run();
        };
    }

    private static void io(FaultPlan plan, String method) throws IOException {
        try {
            plan.beforeCall(method, IO);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted during an injected delay of " + method);
        } catch (Throwable t) {
            throw new InjectedFault(t.toString(), t);   // beforeCall wraps undeclared checked errors itself
        }
    }

    private static void unchecked(FaultPlan plan, String method) {
        try {
            plan.beforeCall(method, NONE);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InjectedFault("interrupted during an injected delay of " + method, e);
        } catch (Throwable t) {
            throw new InjectedFault(t.toString(), t);
        }
    }
}
