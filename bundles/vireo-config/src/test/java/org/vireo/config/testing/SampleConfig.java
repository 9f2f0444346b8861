package org.vireo.config.testing;

/**
 * MetatypeAgreementTest's metatype class: the checker reads {@code OSGI-INF/metatype/<its name>.xml}, a test resource
 * here (bnd writes the bundles' from their annotations; test classes are not bnd's).
 */
@interface SampleConfig {
}
