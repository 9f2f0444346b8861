/**
 * The cluster-wide settings config sync replicates, parsed and checked the same way on every node whatever its
 * role (this bundle is in vireo-core): {@link org.vireo.settings.BalancerOptions} ({@code org.vireo.balancer}),
 * {@link org.vireo.settings.MonitorOptions} ({@code org.vireo.health.monitor~*}), {@link
 * org.vireo.settings.RedirectOptions} ({@code org.vireo.srv.redirect}) and {@link org.vireo.settings.DnsOptions}
 * ({@code org.vireo.srv.dns}). Immutable values with a pure {@code parse};
 * the bundles that run them (vireo-balancer, vireo-health, vireo-srv) import them, and this bundle's validators
 * check every version before it is sent or applied.
 *
 * <p>Their metatypes are here too ({@link org.vireo.settings.BalancerConfig}, {@link org.vireo.settings.MonitorConfig},
 * {@link org.vireo.settings.RedirectConfig}, {@link org.vireo.settings.RedirectLocalConfig}, {@link
 * org.vireo.settings.DnsConfig} and {@link org.vireo.settings.DnsLocalConfig}), beside the parses
 * that take each key's name and default from them: this bundle carries their metatype XML and its Designate of each
 * PID.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package org.vireo.settings;
