package org.vireo.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a route needs when its method alone does not say it (reads need a viewer, writes an admin): {@code NONE} for
 * the health check and the login, {@code VIEWER} for a logout.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Needs {

    Access value();
}
