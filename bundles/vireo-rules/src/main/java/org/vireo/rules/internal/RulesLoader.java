package org.vireo.rules.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a rules file and the list files it names into a new {@link RuleSet}, or refuses it with every error found.
 * Lists are found relative to the rules file's directory: {@code domain-list ads.txt} is {@code <dir>/ads.txt},
 * {@code category adult} is {@code <dir>/lists/adult.txt}. Plain class: the OSGi side decides when to load.
 */
public final class RulesLoader {

    /** The rules file's name in a rules directory. */
    public static final String RULES_FILE = "rules.conf";
    /** The folder of category lists, next to the rules file. */
    public static final String CATEGORY_FOLDER = "lists";

    private final Clock clock;

    public RulesLoader(Clock clock) {
        this.clock = clock;
    }

    /** Loads {@code <directory>/rules.conf}. */
    public RulesLoadResult loadDirectory(Path directory) {
        return load(directory.resolve(RULES_FILE));
    }

    /** Loads one rules file and its lists; never throws for a bad or missing file. */
    public RulesLoadResult load(Path rulesFile) {
        MessageDigest digest = sha256();
        String fileName = String.valueOf(rulesFile.getFileName());
        byte[] content;
        try {
            content = Files.readAllBytes(rulesFile);
        } catch (IOException e) {
            return new RulesLoadResult.Refused(rulesFile, List.of(fileName + ": cannot read " + rulesFile + ": "
                + reason(e)), 0);
        }
        hashFile(digest, fileName, content.length);
        digest.update(content);
        ListFiles lists = new ListFiles(rulesFile.toAbsolutePath().getParent(), digest);
        Problems errors = new Problems();
        RulesParser.Parsed parsed = parse(fileName, content, lists, errors);
        if (parsed == null) {
            return RulesLoadResult.Refused.of(rulesFile, errors);
        }
        return new RulesLoadResult.Loaded(new RuleSet(rulesFile, clock.instant(),
            HexFormat.of().formatHex(digest.digest()), parsed.rules(), parsed.fallback(), lists.read));
    }

    /**
     * What would be wrong with {@code content} as the rules file {@code rulesFile}, with the lists it names read
     * from the file's folder: the refusal {@link #load} would give; empty when it would load.
     */
    public Optional<RulesLoadResult.Refused> problems(Path rulesFile, byte[] content) {
        Problems errors = new Problems();
        ListFiles lists = new ListFiles(rulesFile.toAbsolutePath().getParent(), sha256());
        parse(String.valueOf(rulesFile.getFileName()), content, lists, errors);
        return errors.isEmpty() ? Optional.empty() : Optional.of(RulesLoadResult.Refused.of(rulesFile, errors));
    }

    /**
     * What would be wrong with {@code content} as the list file {@code listFile}: the refusal a rules file naming it
     * would get for it; empty when it reads.
     */
    public Optional<RulesLoadResult.Refused> listProblems(Path rulesFile, Path listFile, byte[] content) {
        Problems errors = new Problems();
        try {
            DomainListReader.read(rulesFile.toAbsolutePath().getParent().relativize(listFile.toAbsolutePath())
                .toString(), new ByteArrayInputStream(content), errors);
        } catch (IOException e) {
            throw new UncheckedIOException("a byte array cannot fail to read", e);
        }
        return errors.isEmpty() ? Optional.empty() : Optional.of(RulesLoadResult.Refused.of(listFile, errors));
    }

    private static RulesParser.Parsed parse(String fileName, byte[] content, ListFiles lists, Problems errors) {
        return RulesParser.parse(fileName, new String(content, StandardCharsets.UTF_8), lists, errors);
    }

    /** Reads each list file once, however many rules name it, and adds it to the content hash in that order. */
    private static final class ListFiles implements RulesParser.Lists {

        private final Path directory;
        private final MessageDigest digest;
        private final Map<Path, DomainList> byFile = new HashMap<>();
        private final List<RuleSet.ListInfo> read = new ArrayList<>();

        ListFiles(Path directory, MessageDigest digest) {
            this.directory = directory;
            this.digest = digest;
        }

        @Override
        public DomainList load(String reference, boolean category, String where, Problems errors) {
            String written = category ? CATEGORY_FOLDER + "/" + reference + ".txt" : reference;
            Path file = directory.resolve(written).normalize();
            DomainList known = byFile.get(file);
            if (known != null) {
                return known;
            }
            String what = (category ? "category " : "domain-list ") + reference;
            try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
                hashFile(digest, written, Files.size(file));
                long before = errors.count();
                DomainList list = DomainListReader.read(written, in, errors);
                if (errors.count() != before) {
                    return null;
                }
                byFile.put(file, list);
                read.add(new RuleSet.ListInfo(category ? "category " + reference : reference, file, list.size(),
                    list.memoryBytes()));
                return list;
            } catch (NoSuchFileException e) {
                errors.add(where + ": " + what + ": no such file " + file + ": expected "
                    + (category ? "a list " + CATEGORY_FOLDER + "/<category>.txt" : "a list file")
                    + " next to the rules file");
            } catch (IOException e) {
                errors.add(where + ": " + what + ": cannot read " + file + ": " + reason(e));
            }
            return null;
        }
    }

    /** Separates files in the hash, so moving bytes from one file to the next changes it. */
    private static void hashFile(MessageDigest digest, String name, long length) {
        digest.update((name + "\0" + length + "\0").getBytes(StandardCharsets.UTF_8));
    }

    private static String reason(IOException e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
