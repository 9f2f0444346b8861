package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.CompletionStage;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.ServiceRegistration;
import org.vireo.vrrp.EffectivePriority;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpStateListener;

/**
 * Two VRRP instances configured through .cfg files in one container, on the in-memory transport: they
 * elect a master, the shell shows it, and a priority override hands mastership over.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class VrrpInstancesIT extends VireoTestSupport {

    @javax.inject.Inject
    private org.osgi.service.cm.ConfigurationAdmin configurationAdmin;

    @Configuration
    public Option[] config() {
        List<Option> options = new ArrayList<>(Arrays.asList(vireoDistribution("director")));
        options.add(editConfigurationFilePut("etc/org.vireo.vrrp.transport.memory.cfg", "enabled", "true"));
        options.addAll(instance("a", "200"));
        options.addAll(instance("b", "100"));
        return options.toArray(new Option[0]);
    }

    /** Two "nodes" on the in-memory LAN: the same VRID on two interfaces of it. */
    private static List<Option> instance(String name, String priority) {
        String file = "etc/org.vireo.vrrp.instance-" + name + ".cfg";
        return List.of(
            editConfigurationFilePut(file, "name", name),
            editConfigurationFilePut(file, "interfaceName", "mem-" + name),
            editConfigurationFilePut(file, "transport.target", "(vrrp.transport=memory)"),
            editConfigurationFilePut(file, "vrid", "51"),
            editConfigurationFilePut(file, "priority", priority),
            editConfigurationFilePut(file, "advertIntervalMillis", "100"),
            editConfigurationFilePut(file, "virtualAddresses", "10.77.0.1"));
    }

    @Test
    public void twoInstancesElectAMasterAndAnOverrideHandsItOver() throws Exception {
        awaitStates(VrrpState.MASTER, VrrpState.BACKUP);
        String list = execute("vrrp:list");
        assertTrue(list, list.matches("(?s).*a\\s+\\|\\s+51 \\| mem-a\\s+\\| MASTER \\| 200/200 .*"));
        assertTrue(list, list.matches("(?s).*b\\s+\\|\\s+51 \\| mem-b\\s+\\| BACKUP \\| 100/100 .*"));

        long takeovers = instance("b").counters().becameMaster();
        List<String> told = new java.util.concurrent.CopyOnWriteArrayList<>();
        ServiceRegistration<VrrpStateListener> listener = bundleContext.registerService(VrrpStateListener.class,
            new VrrpStateListener() {
                @Override
                public CompletionStage<Void> becameMaster(VrrpInstance instance, boolean acceptMode) {
                    told.add(instance.name() + " became master");
                    return NOTHING_TO_CLAIM;
                }

                @Override
                public void leftMaster(VrrpInstance instance) {
                    told.add(instance.name() + " left master");
                }
            }, null);
        String out = execute("vrrp:priority b 250");
        assertTrue(out, out.contains("b: priority 250 (base 100)"));
        awaitStates(VrrpState.BACKUP, VrrpState.MASTER);
        String show = execute("vrrp:show b");
        assertTrue(show, show.contains("base 100, effective 250, override 250"));
        assertTrue(show, show.matches("(?s).*State:\\s+MASTER.*"));
        assertTrue(show, show.matches("(?s).*Became master:\\s+" + (takeovers + 1) + " times.*"));
        listener.unregister();
        // b takes over when a's adverts stop counting, then a steps down on b's first advert (VRRP has no handshake)
        assertEquals(List.of("b became master", "a left master"), told);

        execute("vrrp:priority --clear b");
        awaitStates(VrrpState.MASTER, VrrpState.BACKUP); // a preempts back
    }

    @Test
    public void resignHandsMastershipToTheBackup() throws Exception {
        awaitStates(VrrpState.MASTER, VrrpState.BACKUP);
        String out = execute("vrrp:resign --hold-off 2 a");
        assertTrue(out, out.contains("a: resigning (was MASTER)"));
        awaitStates(VrrpState.BACKUP, VrrpState.MASTER);
        awaitStates(VrrpState.MASTER, VrrpState.BACKUP); // after the hold-off a preempts again
    }

    @Test
    public void aRefusedConfigurationChangeLeavesTheInstanceRunningAndAGoodOneAppliesHot() throws Exception {
        awaitStates(VrrpState.MASTER, VrrpState.BACKUP);
        org.osgi.service.cm.Configuration b = configurationAdmin.listConfigurations("(name=b)")[0];

        awaitServiceModified(VrrpInstance.class, () -> updateConfiguration(b, "priority", "999"));
        assertEquals(100, instance("b").basePriority());
        String show = execute("vrrp:show b");
        assertTrue(show, show.contains("priority = 999: expected 1-255 (255: the address owner) (running with the"
            + " previous configuration)"));

        awaitServiceModified(VrrpInstance.class, () -> updateConfiguration(b, "priority", "150"));
        assertEquals(150, instance("b").basePriority());
        assertTrue(instance("b").warnings().isEmpty());
        awaitStates(VrrpState.MASTER, VrrpState.BACKUP); // a (200) keeps or takes back mastership
        updateConfiguration(b, "priority", "100");
    }

    @Test
    public void anEffectivePriorityServiceForAnInstanceLowersItsPriority() throws Exception {
        awaitStates(VrrpState.MASTER, VrrpState.BACKUP);
        java.util.concurrent.atomic.AtomicReference<java.util.function.IntConsumer> watcher =
            new java.util.concurrent.atomic.AtomicReference<>();
        EffectivePriority tracking = new EffectivePriority() {
            @Override
            public int effectivePriority(int basePriority) {
                return 50; // what health tracking says with a's virtual servers half down
            }

            @Override
            public AutoCloseable watch(int basePriority, java.util.function.IntConsumer changed) {
                watcher.set(changed);
                return () -> watcher.set(null);
            }
        };
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(VrrpInstance.NAME_PROPERTY, "a");
        ServiceRegistration<EffectivePriority> registration =
            bundleContext.registerService(EffectivePriority.class, tracking, props);
        try {
            awaitStates(VrrpState.BACKUP, VrrpState.MASTER); // b (100) preempts a (50)
            assertEquals(50, instance("a").effectivePriority());
            watcher.get().accept(200); // a's servers are back
            awaitStates(VrrpState.MASTER, VrrpState.BACKUP);
        } finally {
            registration.unregister();
        }
        assertEquals(200, instance("a").effectivePriority());
    }

    @Test
    public void commandsNameAnUnknownInstanceAndTheKnownOnes() throws Exception {
        awaitStates(VrrpState.MASTER, VrrpState.BACKUP); // both instances exist
        String error = executeExpectingFailure("vrrp:show nosuch");
        assertEquals("no VRRP instance 'nosuch' on this node: there are a, b", error);
        error = executeExpectingFailure("vrrp:priority a 255");
        assertTrue(error, error.contains("an override is 0-254"));
    }

    /** Waits, on the instances' EventAdmin state events, until a and b are in these states. */
    private void awaitStates(VrrpState a, VrrpState b) throws Exception {
        awaitService(VrrpInstance.class);
        awaitOnVrrpStateEvents(() -> state("a") == a && state("b") == b,
            () -> "a=" + a + ", b=" + b + " (now a=" + state("a") + ", b=" + state("b") + ")");
    }

    private VrrpState state(String name) {
        return vrrpInstance(name).map(VrrpInstance::state).orElse(null);
    }

    private VrrpInstance instance(String name) {
        return vrrpInstance(name).orElse(null);
    }
}
