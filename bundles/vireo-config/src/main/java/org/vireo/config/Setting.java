package org.vireo.config;

import java.lang.annotation.Annotation;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One key of a PID as its declaration gives it: the method of the PID's {@code @ObjectClassDefinition} annotation,
 * which bnd writes the metatype from. The method's name is the key (mapped as DS and bnd map it: {@code a_b} is
 * {@code a.b}), its return type the type and its default the default; an attribute without a default is required.
 * A parser takes its keys from here, {@code Setting.of(NodeConfig.class, NodeConfig::interfaceName)}, so that neither
 * a key's name nor its default is written a second time beside the annotation: the metatype, the management API's
 * schema (the metatype as the MetaType service gives it) and the parse all read the one declaration, and an attribute
 * renamed without its parse does not compile.
 *
 * <p>The method is found by calling the accessor on a proxy of the annotation that records which method was called:
 * a method reference names the attribute in code, where a string would be the second copy of the name this class is
 * here to remove.
 *
 * @param <T> the attribute's type, boxed ({@code Integer} for {@code int}, {@code String[]} for a list)
 */
public final class Setting<T> {

    private final String key;
    private final Class<?> type;
    private final T defaultValue;

    private Setting(String key, Class<?> type, T defaultValue) {
        this.key = key;
        this.type = type;
        this.defaultValue = defaultValue;
    }

    /**
     * The key that {@code attribute} (a method reference to one of {@code ocd}'s methods) reads.
     *
     * @throws IllegalArgumentException if {@code attribute} calls no method of {@code ocd}, or more than one
     */
    public static <A extends Annotation, T> Setting<T> of(Class<A> ocd, Function<? super A, T> attribute) {
        Recorder recorder = new Recorder(ocd);
        A proxy = ocd.cast(Proxy.newProxyInstance(ocd.getClassLoader(), new Class<?>[] {ocd}, recorder));
        attribute.apply(proxy);
        Method m = recorder.method(ocd);
        @SuppressWarnings("unchecked") // the accessor returns T: the method's (boxed) return type
        T fallback = (T) m.getDefaultValue();
        return new Setting<>(key(m.getName()), m.getReturnType(), fallback);
    }

    /** The key in the configuration. */
    public String key() {
        return key;
    }

    /** The declared type: {@code int.class}, {@code boolean.class}, {@code String.class}, {@code String[].class}... */
    public Class<?> type() {
        return type;
    }

    /** Whether the declaration gives no default: the configuration must set the key. */
    public boolean required() {
        return defaultValue == null;
    }

    /**
     * The declared default; for a required key (no default) an {@link IllegalStateException}: a parser that
     * asks one has a default of its own the declaration does not know.
     */
    public T defaultValue() {
        if (defaultValue == null) {
            throw new IllegalStateException(key + " has no declared default: it is required");
        }
        return defaultValue;
    }

    /** The declared default of a list key as a list (its items as the metatype gives them). */
    public List<String> defaultList() {
        Object v = defaultValue();
        if (!v.getClass().isArray()) {
            return List.of(String.valueOf(v));
        }
        return java.util.stream.IntStream.range(0, Array.getLength(v)).mapToObj(i -> String.valueOf(Array.get(v, i)))
            .filter(s -> !s.isEmpty()).toList();
    }

    @Override
    public String toString() {
        return key;
    }

    /**
     * A method name as a key (DS 112.8.2.2, which bnd's metatype follows): {@code $$} is {@code $}, {@code $_$} is
     * {@code -}, another {@code $} is dropped, {@code __} is {@code _} and {@code _} is {@code .}.
     */
    static String key(String method) {
        StringBuilder out = new StringBuilder(method.length());
        for (int i = 0; i < method.length(); i++) {
            char c = method.charAt(i);
            if (c == '$') {
                if (method.startsWith("$$", i)) {
                    out.append('$');
                    i++;
                } else if (method.startsWith("$_$", i)) {
                    out.append('-');
                    i += 2;
                }
            } else if (c == '_') {
                if (method.startsWith("__", i)) {
                    out.append('_');
                    i++;
                } else {
                    out.append('.');
                }
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Records the one attribute method called on the proxy; answers every call with its type's zero. */
    private static final class Recorder implements java.lang.reflect.InvocationHandler {
        private final Class<?> ocd;
        private Method called;
        private int calls;

        Recorder(Class<?> ocd) {
            this.ocd = ocd;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            if (method.getDeclaringClass() == ocd) {
                called = method;
                calls++;
            }
            return zero(method.getReturnType());
        }

        Method method(Class<?> annotation) {
            if (calls != 1) {
                throw new IllegalArgumentException("a setting of " + annotation.getName() + " is one of its"
                    + " attributes, read once (a method reference such as Config::port); this accessor read " + calls);
            }
            return Objects.requireNonNull(called);
        }

        private static Object zero(Class<?> type) {
            if (!type.isPrimitive()) {
                return null;
            }
            if (type == boolean.class) {
                return false;
            }
            if (type == char.class) {
                return '\0';
            }
            return Array.get(Array.newInstance(type, 1), 0); // 0 of byte, short, int, long, float or double
        }
    }
}
