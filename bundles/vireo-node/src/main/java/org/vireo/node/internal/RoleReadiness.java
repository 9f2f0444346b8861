package org.vireo.node.internal;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.startlevel.FrameworkStartLevel;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.vireo.node.ReadinessCondition;

/**
 * The node's own readiness condition: waiting until the role's features are started — the framework at its
 * beginning start level (Karaf registers BootFinished, and the role is reconciled, while its start-level thread is
 * still starting the role's bundles: 17 s of it on a busy lab node, with the VRRP instance among the last) and the
 * first reconciliation of the role done — and again while a role change is being deployed. A component of its own,
 * with no references, so it is registered as soon as vireo-node starts, before the role's bundles (NodeComponent
 * itself waits for BootFinished).
 */
@Component(service = {ReadinessCondition.class, RoleReadiness.class})
public class RoleReadiness implements ReadinessCondition {

    private final AtomicInteger deploying = new AtomicInteger();
    private volatile boolean started;
    private IntSupplier startLevel = () -> 1;
    private int beginning = 1;

    @Activate
    void activate(BundleContext context) {
        FrameworkStartLevel framework = context.getBundle(Constants.SYSTEM_BUNDLE_LOCATION)
            .adapt(FrameworkStartLevel.class);
        String level = context.getProperty(Constants.FRAMEWORK_BEGINNING_STARTLEVEL);
        int target;
        try {
            target = level == null ? 1 : Integer.parseInt(level.trim());
        } catch (NumberFormatException e) {
            target = 1; // the framework's own default
        }
        watch(framework::getStartLevel, target);
    }

    /** Where the framework's start level is read, and the level it rises to. */
    void watch(IntSupplier currentLevel, int beginningLevel) {
        startLevel = currentLevel;
        beginning = beginningLevel;
    }

    /** The role's features are in place as configured (or as they could be made). */
    void started() {
        started = true;
    }

    void deploying() {
        deploying.incrementAndGet();
    }

    void deployed() {
        deploying.decrementAndGet();
    }

    @Override
    public Optional<String> waitingFor() {
        int level = startLevel.getAsInt();
        if (level < beginning) {
            return Optional.of("Karaf is still starting bundles (start level " + level + " of " + beginning + ")");
        }
        if (!started) {
            return Optional.of("the role's features are still starting");
        }
        return deploying.get() > 0 ? Optional.of("a role change is being deployed") : Optional.empty();
    }
}
